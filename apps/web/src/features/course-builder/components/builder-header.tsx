import {
  ArrowLeftIcon,
  CheckCircle2Icon,
  CircleDotIcon,
  Loader2Icon,
  RocketIcon,
  SaveIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

/**
 * The builder's header (spec 001 §2): 'Edit Course' or 'AI Course Builder', whether there are
 * unsaved changes, Save Draft and Publish Course (disabled without a title) with their progress.
 */
export function BuilderHeader({
  editing,
  isPublished,
  dirty,
  savedAt,
  hasTitle,
  saving,
  publishing,
  onSave,
  onPublish,
}: {
  editing: boolean;
  isPublished: boolean;
  dirty: boolean;
  savedAt: string | null;
  hasTitle: boolean;
  saving: boolean;
  publishing: boolean;
  onSave: () => void;
  onPublish: () => void;
}) {
  const { t } = useTranslation("builder");
  const busy = saving || publishing;
  return (
    <header className="-mx-3 -mt-6 border-b border-border bg-background/95 px-3 py-4 backdrop-blur sm:sticky sm:top-16 sm:z-10 sm:-mx-6 sm:px-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="min-w-0">
          {editing ? (
            <Link
              to="/dashboard/courses"
              className="mb-1 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
            >
              <ArrowLeftIcon className="size-4" aria-hidden />
              {t("header.backToCourses")}
            </Link>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight">
              {editing ? t("header.editTitle") : t("header.newTitle")}
            </h1>
            {editing ? (
              <Badge variant={isPublished ? "success" : "outline"}>
                {isPublished ? t("header.published") : t("header.unpublished")}
              </Badge>
            ) : null}
          </div>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground" aria-live="polite">
            {dirty ? (
              <>
                <CircleDotIcon className="size-3.5 text-amber-500" aria-hidden />
                {t("header.unsaved")}
              </>
            ) : savedAt ? (
              <>
                <CheckCircle2Icon className="size-3.5 text-emerald-600" aria-hidden />
                {t("header.savedAt", { time: savedAt })}
              </>
            ) : (
              t(editing ? "header.editSubtitle" : "header.newSubtitle")
            )}
          </p>
        </div>
        <div className="grid shrink-0 gap-1.5">
          <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
            <Button type="button" variant="outline" onClick={onSave} disabled={busy}>
              {saving ? <Loader2Icon className="animate-spin" aria-hidden /> : <SaveIcon aria-hidden />}
              {saving ? t("header.saving") : t("header.saveDraft")}
            </Button>
            <Button type="button" onClick={onPublish} disabled={busy || !hasTitle}>
              {publishing ? <Loader2Icon className="animate-spin" aria-hidden /> : <RocketIcon aria-hidden />}
              {publishing ? t("header.publishing") : t("header.publish")}
            </Button>
          </div>
          {!hasTitle ? (
            <p className="text-xs text-muted-foreground md:text-right">{t("header.publishNeedsTitle")}</p>
          ) : null}
        </div>
      </div>
    </header>
  );
}
