import {
  ClipboardCheckIcon,
  ListChecksIcon,
  Loader2Icon,
  type LucideIcon,
  NotebookPenIcon,
  PenLineIcon,
  SparklesIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { useAiTextContext } from "@/lib/use-ai-mode";
import { cn } from "@/lib/utils";
import type { AiMaterialType } from "../api/materials";

const KINDS: Array<{ type: AiMaterialType; icon: LucideIcon; tone: string }> = [
  { type: "quiz", icon: ListChecksIcon, tone: "bg-amber-50 text-amber-800" },
  { type: "worksheet", icon: NotebookPenIcon, tone: "bg-emerald-50 text-emerald-700" },
  { type: "essay", icon: PenLineIcon, tone: "bg-sky-50 text-sky-700" },
  { type: "assessment", icon: ClipboardCheckIcon, tone: "bg-violet-50 text-violet-700" },
];

/**
 * AI Generate (000 §2): four buttons — quiz, worksheet, essay prompt, assessment. The one running
 * shows a spinner and the others wait; the course's topic, category and level are sent along.
 * Without a model (context "template", issue 17 §2, issue 28 §2) every text says "template" and
 * each button describes the structure with empty slots it adds.
 */
export function GenerateTab({
  busyType,
  onGenerate,
  topic,
  categoryLabel,
  levelLabel,
}: {
  busyType: AiMaterialType | null;
  onGenerate: (type: AiMaterialType) => void;
  topic: string;
  categoryLabel: string;
  levelLabel: string;
}) {
  const { t } = useTranslation("materials");
  const context = useAiTextContext();
  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 rounded-lg border border-border bg-gradient-to-r from-secondary to-background p-4 sm:flex-row sm:items-center">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-background text-primary shadow-sm">
          <SparklesIcon className="size-5" aria-hidden />
        </span>
        <div className="grid gap-1.5">
          <p className="text-sm">{t("generate.intro", { context })}</p>
          <ul className="flex flex-wrap gap-1.5 text-xs" aria-label={t("generate.contextLabel", { context })}>
            <li className="rounded-full bg-background px-2.5 py-0.5 ring-1 ring-border">
              <span className="text-muted-foreground">{t("generate.topic")}:</span>{" "}
              <span className="font-medium">{topic.trim() || t("generate.noTopic")}</span>
            </li>
            <li className="rounded-full bg-background px-2.5 py-0.5 ring-1 ring-border">
              <span className="text-muted-foreground">{t("generate.category")}:</span>{" "}
              <span className="font-medium">{categoryLabel}</span>
            </li>
            <li className="rounded-full bg-background px-2.5 py-0.5 ring-1 ring-border">
              <span className="text-muted-foreground">{t("generate.level")}:</span>{" "}
              <span className="font-medium">{levelLabel}</span>
            </li>
          </ul>
        </div>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {KINDS.map((kind) => {
          const busy = busyType === kind.type;
          return (
            <li key={kind.type}>
              <button
                type="button"
                disabled={busyType !== null}
                aria-busy={busy}
                onClick={() => onGenerate(kind.type)}
                data-testid={`generate-${kind.type}`}
                className={cn(
                  "flex h-full w-full cursor-pointer items-start gap-3 rounded-lg border border-border bg-card p-4 text-left shadow-sm transition hover:border-primary/50 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed",
                  busyType !== null && !busy && "opacity-50",
                  busy && "border-primary ring-1 ring-primary/30",
                )}
              >
                <span
                  className={cn("flex size-10 shrink-0 items-center justify-center rounded-lg", kind.tone)}
                >
                  <kind.icon className="size-5" aria-hidden />
                </span>
                <span className="grid gap-0.5">
                  <span className="font-semibold">{t(`generate.${kind.type}.title`, { context })}</span>
                  <span className="text-sm text-muted-foreground">
                    {t(`generate.${kind.type}.body`, { context })}
                  </span>
                  {busy ? (
                    <span className="mt-1 flex items-center gap-1.5 text-sm font-medium text-primary">
                      <Loader2Icon className="size-4 animate-spin" aria-hidden />
                      {t("generate.generating", { context })}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
