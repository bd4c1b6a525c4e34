import { type JoinCourse, releaseBadge } from "@academy/shared";
import { CalendarClockIcon, FileTextIcon, ListChecksIcon, VideoIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

const TYPE_ICON = { text: FileTextIcon, video: VideoIcon, quiz: ListChecksIcon } as const;

/**
 * The course's curriculum on /join (issue 27 §1): sections in order with their lessons (title,
 * type, minutes); a section on a drip schedule says when it opens after enrolment ("Opens 3 days
 * after enrolment", "Opens on 05/12").
 */
export function Curriculum({ curriculum }: { curriculum: NonNullable<JoinCourse["curriculum"]> }) {
  const { t } = useTranslation("join");
  if (curriculum.length === 0) return null;
  return (
    <section aria-labelledby="course-curriculum" className="pb-10 lg:pb-12" data-testid="join-curriculum">
      <h2 id="course-curriculum" className="text-2xl font-bold tracking-tight">
        {t("curriculum.title")}
      </h2>
      <ol className="mt-4 grid gap-3">
        {curriculum.map((section, index) => {
          const badge = releaseBadge(section.release);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id here; the order is fixed
            <li key={index} className="overflow-hidden rounded-lg border border-border bg-white">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 bg-muted/60 px-4 py-3">
                <h3 className="min-w-0 break-words font-medium">
                  {t("curriculum.section", { n: index + 1, title: section.title })}
                </h3>
                {badge ? (
                  <span
                    className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800"
                    data-testid="curriculum-opens"
                  >
                    <CalendarClockIcon className="size-3.5" aria-hidden />
                    {"day" in badge
                      ? t("curriculum.opensAfter", { count: badge.day })
                      : t("curriculum.opensOn", { date: badge.date })}
                  </span>
                ) : null}
              </div>
              <ul className="grid divide-y divide-border px-4 py-1">
                {section.lessons.map((lesson, l) => {
                  const Icon = TYPE_ICON[lesson.type];
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: lessons have no id here; the order is fixed
                    <li key={l} className="flex items-center gap-3 py-2.5 text-sm">
                      <Icon
                        className="size-4 shrink-0 text-brand"
                        aria-label={t(`curriculum.type.${lesson.type}`)}
                      />
                      <span className="min-w-0 flex-1 break-words">{lesson.title}</span>
                      {lesson.duration > 0 ? (
                        <span className="shrink-0 text-xs text-muted-foreground">
                          {t("curriculum.minutes", { count: lesson.duration })}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
