import type { PlayerLesson } from "@academy/shared";
import { CheckIcon, LockIcon } from "lucide-react";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { groupBySection } from "../lib/resume";
import { LESSON_TYPE_ICON } from "./lesson-icons";
import { useLockText } from "./locked-lesson";

/**
 * The side list of lessons (spec 001 §2 Lesson player: "a side list of lessons shows completion
 * marks"): grouped by section, each with its completion mark, type icon and duration; the current
 * lesson is highlighted (aria-current) and scrolled into view. A lesson that has not opened yet
 * (issue 27 §1) shows a lock and when it opens ("Opens in 3 days", "Opens on 05/12").
 */
export function LessonList({
  lessons,
  currentId,
  onSelect,
  timeZone = "Asia/Ho_Chi_Minh",
}: {
  lessons: readonly PlayerLesson[];
  currentId: string | undefined;
  onSelect: (lessonId: string) => void;
  /** The school's time zone: dates of locked lessons are shown in it. */
  timeZone?: string;
}) {
  const { t } = useTranslation("player");
  const lockText = useLockText();
  const groups = React.useMemo(() => groupBySection(lessons), [lessons]);
  const currentRef = React.useRef<HTMLButtonElement>(null);
  const idPrefix = React.useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the current lesson changes
  React.useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [currentId]);

  return (
    <nav aria-label={t("lessons")} className="grid gap-4 p-3" data-testid="lesson-list">
      {groups.map((group, g) => (
        <section key={group.lessons[0]?.lesson.id ?? g} aria-labelledby={`${idPrefix}-${g}`}>
          <h3
            id={`${idPrefix}-${g}`}
            className="px-2 pb-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
          >
            {group.title || t("lessons")}
          </h3>
          <ol className="grid gap-0.5">
            {group.lessons.map(({ lesson, index }) => {
              const current = lesson.id === currentId;
              const done = lesson.progress.isCompleted;
              const TypeIcon = LESSON_TYPE_ICON[lesson.type];
              return (
                <li key={lesson.id}>
                  <button
                    ref={current ? currentRef : undefined}
                    type="button"
                    onClick={() => onSelect(lesson.id)}
                    aria-current={current ? "step" : undefined}
                    data-testid="lesson-list-item"
                    data-completed={done || undefined}
                    data-locked={lesson.opensAt ? true : undefined}
                    className={cn(
                      "flex w-full cursor-pointer items-start gap-3 rounded-md px-2 py-2 text-left text-sm transition-colors hover:bg-muted",
                      current && "bg-secondary text-secondary-foreground hover:bg-secondary",
                    )}
                  >
                    <span
                      className={cn(
                        "mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border text-[10px] font-semibold",
                        done
                          ? "border-success bg-success text-white"
                          : current
                            ? "border-brand text-brand"
                            : "border-input text-muted-foreground",
                      )}
                    >
                      {done ? (
                        <CheckIcon className="size-3.5" strokeWidth={3} aria-hidden />
                      ) : lesson.opensAt ? (
                        <LockIcon className="size-3" aria-hidden />
                      ) : (
                        index + 1
                      )}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className={cn("block leading-snug", current && "font-semibold")}>
                        {lesson.title}
                      </span>
                      <span className="mt-0.5 flex items-center gap-1.5 text-xs text-muted-foreground">
                        <TypeIcon className="size-3.5" aria-hidden />
                        {t(`type.${lesson.type}`)}
                        {lesson.duration > 0 ? (
                          <>
                            <span aria-hidden>·</span>
                            {t("minutes", { count: lesson.duration })}
                          </>
                        ) : null}
                      </span>
                      {lesson.opensAt ? (
                        <span
                          className="mt-0.5 block text-xs font-medium text-amber-700"
                          data-testid="lesson-opens"
                        >
                          {lockText(lesson.opensAt, timeZone)}
                        </span>
                      ) : null}
                      <span className="sr-only">
                        {done ? t("status.completed") : t("status.notStarted")}
                        {current ? `, ${t("status.current")}` : ""}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </nav>
  );
}
