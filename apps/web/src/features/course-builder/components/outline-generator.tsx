import type { CourseDraft, OutlineSection } from "@academy/shared";
import { BotIcon, CpuIcon, InfoIcon, SparklesIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/format";
import { useAiTextContext } from "@/lib/use-ai-mode";
import type { OutlineSource } from "../hooks/use-course-draft";

/**
 * The outline's editor loads when the Outline tab first shows (issue 17 §14 route budget: the
 * Course Builder page is ≤ 250 KB of gzip JS).
 */
const OutlineEditor = React.lazy(() =>
  import("./outline-editor").then((module) => ({ default: module.OutlineEditor })),
);

const SOURCE_ICON = { ai: BotIcon, offline: CpuIcon, fallback: InfoIcon } as const;

/**
 * AI Outline tab (spec 000 §2 AI Course Outline Generator): the course's category ("Not
 * selected" when empty), level, audience and duration in hours; "Generate Course Outline"
 * (disabled without a title or while generating: "Generating AI Outline..."); where the outline
 * came from; and the editable outline.
 */
export function OutlineGenerator({
  draft,
  generating,
  source,
  onGenerate,
  onChange,
}: {
  draft: CourseDraft;
  generating: boolean;
  source: OutlineSource | null;
  onGenerate: () => void;
  onChange: (outline: OutlineSection[]) => void;
}) {
  const { t, i18n } = useTranslation("builder");
  const context = useAiTextContext();
  const hasTitle = Boolean(draft.title.trim());
  const SourceIcon = source ? SOURCE_ICON[source] : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <SparklesIcon className="size-5 text-accent-teal" aria-hidden />
          {t("outline.title", { context })}
        </CardTitle>
        <CardDescription>
          {t("outline.description", { context })}
          {context ? <span className="mt-1 block text-xs">{t("outline.templateHint")}</span> : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ul className="flex flex-wrap gap-2" aria-label={t("outline.badgesLabel")}>
          <li>
            <Badge variant="secondary">
              {t("outline.badge.category", {
                value: draft.category ? t(`categories.${draft.category}`) : t("notSelected"),
              })}
            </Badge>
          </li>
          <li>
            <Badge variant="secondary">
              {t("outline.badge.level", { value: t(`levels.${draft.skillLevel}`) })}
            </Badge>
          </li>
          <li>
            <Badge variant="secondary">
              {t("outline.badge.audience", { value: t(`audiences.${draft.targetAudience}`) })}
            </Badge>
          </li>
          <li>
            <Badge variant="secondary">
              {t("outline.badge.duration", {
                count: draft.estimatedDuration,
                value: formatNumber(draft.estimatedDuration, i18n.language),
              })}
            </Badge>
          </li>
        </ul>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button
            type="button"
            variant="accent"
            disabled={generating || !hasTitle}
            onClick={onGenerate}
            aria-busy={generating}
            className="sm:w-auto"
          >
            <SparklesIcon className={generating ? "animate-pulse" : undefined} aria-hidden />
            {generating ? t("outline.generating", { context }) : t("outline.generate", { context })}
          </Button>
          {!hasTitle ? (
            <p className="text-sm text-muted-foreground">{t("outline.needsTitle")}</p>
          ) : SourceIcon && source ? (
            <p
              className="flex items-center gap-1.5 text-sm text-muted-foreground"
              data-testid="outline-source"
            >
              <SourceIcon className="size-4" aria-hidden />
              {t(`outline.source.${source}`)}
            </p>
          ) : null}
        </div>
        {generating ? (
          <div className="grid gap-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-36 w-full" />
            ))}
          </div>
        ) : (
          <React.Suspense fallback={<Skeleton className="h-36 w-full" />}>
            <OutlineEditor outline={draft.outline} onChange={onChange} />
          </React.Suspense>
        )}
      </CardContent>
    </Card>
  );
}
