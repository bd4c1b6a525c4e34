import { AlertTriangleIcon, EyeIcon, HistoryIcon, LayersIcon, LibraryIcon, SparklesIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "@/components/page-title";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ApiError } from "@/lib/api-client";
import { useAiTextContext } from "@/lib/use-ai-mode";
import { translateMessage } from "../lib/messages";

/** The Course Builder's placeholder while the course and the saved draft load. */
export function BuilderSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-96 w-full" />
      <Skeleton className="h-10 w-full max-w-xl" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** The Course Builder when the course to edit failed to load: its error, Back to Courses and Retry. */
export function BuilderLoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation("builder");
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-xl border border-border bg-background px-6 py-12 text-center"
    >
      <PageTitle>{title}</PageTitle>
      <AlertTriangleIcon className="size-10 text-destructive" aria-hidden />
      <h1 className="text-xl font-semibold">{t("toast.loadFailed")}</h1>
      <p className="text-sm text-muted-foreground">
        {error instanceof ApiError ? translateMessage(t, error.message) : null}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild>
          <Link to="/dashboard/courses">{t("header.backToCourses")}</Link>
        </Button>
        <Button variant="outline" onClick={onRetry}>
          {t("retry")}
        </Button>
      </div>
    </section>
  );
}

/** "Restored your draft from {time}" with its Discard button (`time` already formatted). */
export function DraftNotice({
  time,
  discarding,
  onDiscard,
}: {
  time: string;
  discarding: boolean;
  onDiscard: () => void;
}) {
  const { t } = useTranslation("builder");
  return (
    <div
      className="-mt-2 flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
      data-testid="draft-notice"
    >
      <p className="flex items-center gap-2">
        <HistoryIcon className="size-4 shrink-0" aria-hidden />
        {t("draft.restored", { time })}
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start border-amber-300 bg-white sm:self-auto"
        disabled={discarding}
        onClick={onDiscard}
      >
        {t("draft.discard")}
      </Button>
    </div>
  );
}

/** The builder's four tabs; `materials` is how many materials are selected (shown when > 0). */
export function BuilderTabsList({ materials }: { materials: number }) {
  const { t } = useTranslation("builder");
  const aiContext = useAiTextContext();
  return (
    <TabsList className="h-11 w-max min-w-full justify-start sm:w-full">
      <TabsTrigger value="outline" className="h-9 flex-none gap-1.5 px-4 sm:flex-1">
        <SparklesIcon className="size-4" aria-hidden />
        {t("tabs.outline", { context: aiContext })}
      </TabsTrigger>
      <TabsTrigger value="materials" className="h-9 flex-none gap-1.5 px-4 sm:flex-1">
        <LibraryIcon className="size-4" aria-hidden />
        {t("tabs.materials")}
        {materials > 0 ? (
          <span className="rounded-full bg-secondary px-1.5 text-xs text-brand">{materials}</span>
        ) : null}
      </TabsTrigger>
      <TabsTrigger value="structure" className="h-9 flex-none gap-1.5 px-4 sm:flex-1">
        <LayersIcon className="size-4" aria-hidden />
        {t("tabs.structure")}
      </TabsTrigger>
      <TabsTrigger value="preview" className="h-9 flex-none gap-1.5 px-4 sm:flex-1">
        <EyeIcon className="size-4" aria-hidden />
        {t("tabs.preview")}
      </TabsTrigger>
    </TabsList>
  );
}

/**
 * A yes/no confirmation (Cancel and one action) of the Course Builder: replace the outline, discard
 * the draft, leave with unsaved changes. `onCancel` runs on Cancel besides closing.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  body,
  cancel,
  confirm,
  destructive = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body: string;
  cancel: string;
  confirm: string;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{body}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onCancel}>{cancel}</AlertDialogCancel>
          <AlertDialogAction variant={destructive ? "destructive" : undefined} onClick={onConfirm}>
            {confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
