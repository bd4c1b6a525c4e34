import type { PlayerLesson } from "@academy/shared";
import { DownloadIcon, ExternalLinkIcon, PaperclipIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";

const INLINE = /^(image|video|audio)\/|^application\/pdf$/;

/**
 * The lesson's resources (issue 17 item 11): the materials the creator attached to the lesson or
 * its section. Files open in a new tab (images, video, audio, PDF) or download; the addresses are
 * signed for the enrolled student. Nothing is shown when there are none.
 */
export function LessonResources({
  resources,
  renderAction,
}: {
  resources: PlayerLesson["resources"];
  /** Extra control beside each resource (the page adds "Report this material", issue 14). */
  renderAction?: (materialId: string) => React.ReactNode;
}) {
  const { t } = useTranslation("journeys");
  const files = (resources ?? []).filter((r) => r.url);
  if (files.length === 0) return null;
  return (
    <section className="grid gap-2 rounded-xl border border-border p-4" data-testid="lesson-resources">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <PaperclipIcon className="size-4" aria-hidden />
        {t("resources.title")}
      </h3>
      <ul className="grid gap-1">
        {files.map((resource) => {
          const inline = INLINE.test(resource.mimeType ?? "");
          const Icon = inline ? ExternalLinkIcon : DownloadIcon;
          return (
            <li key={resource.id} className="flex min-w-0 items-center gap-1">
              <a
                href={resource.url ?? undefined}
                target={inline ? "_blank" : undefined}
                rel={inline ? "noopener" : undefined}
                download={inline ? undefined : ""}
                className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-sm text-brand hover:bg-muted"
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className="truncate">{resource.title}</span>
                <span className="sr-only">{inline ? t("resources.open") : t("resources.download")}</span>
              </a>
              {renderAction?.(resource.id)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
