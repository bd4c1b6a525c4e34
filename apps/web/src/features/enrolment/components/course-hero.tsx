import type { JoinCourse } from "@academy/shared";
import { BookOpenIcon, ClockIcon, type LucideIcon, SchoolIcon, StarIcon, UsersIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/lib/format";
import { CourseCover } from "./course-cover";

const KNOWN_LEVELS = ["beginner", "intermediate", "advanced"];
const KNOWN_CATEGORIES = ["language", "programming", "business", "creative", "science"];

/**
 * The short description as shown: when it is a cut of the description (the server cuts it without
 * regard for words), it ends at a whole word with an ellipsis.
 */
export function shortDescriptionText(short: string | null, description: string | null): string | null {
  const text = short?.trim();
  if (!text) return null;
  const full = description?.trim() ?? "";
  if (full.length <= text.length || !full.startsWith(text)) return text;
  const wholeWords = /\s/.test(full.charAt(text.length))
    ? text
    : text.slice(0, Math.max(text.lastIndexOf(" "), 0));
  return `${(wholeWords || text).replace(/[\s,;:.–-]+$/, "")}…`;
}

/** A value rounded to one decimal in the UI language (4.67 → "4.7", 12 → "12"). */
function oneDecimal(value: number, lng: string): string {
  return formatNumber(Math.round(value * 10) / 10, lng);
}

function Fact({ icon: Icon, children, testId }: { icon: LucideIcon; children: ReactNode; testId: string }) {
  return (
    <li className="flex items-center gap-2" data-testid={testId}>
      <Icon className="size-4 shrink-0 text-accent-teal" aria-hidden />
      <span>{children}</span>
    </li>
  );
}

/**
 * The hero of /join/{courseId} (spec 001 §2): thumbnail (here on phones; in the price card on wide
 * screens), level and category badges, title, short description, who teaches it, and the facts:
 * duration in hours, students, lessons, and the rating with its review count only when above 0.
 */
export function CourseHero({ course }: { course: JoinCourse }) {
  const { t, i18n } = useTranslation("join");
  const lng = i18n.language;
  const level = course.skillLevel
    ? KNOWN_LEVELS.includes(course.skillLevel)
      ? t(`levels.${course.skillLevel}`)
      : course.skillLevel
    : null;
  const category = course.category
    ? KNOWN_CATEGORIES.includes(course.category)
      ? t(`categories.${course.category}`)
      : course.category
    : null;
  const teacher = course.instructorName ?? course.schoolName;
  const summary = shortDescriptionText(course.shortDescription, course.description);

  return (
    <div className="grid gap-5 text-white">
      <CourseCover
        title={course.title}
        src={course.thumbnailUrl}
        priority
        className="rounded-xl shadow-lg ring-1 ring-white/10 lg:hidden"
      />
      {level || category ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("hero.tags")}>
          {level ? (
            <li>
              <Badge className="bg-accent-teal text-slate-950" data-testid="badge-level">
                {level}
              </Badge>
            </li>
          ) : null}
          {category ? (
            <li>
              <Badge className="bg-white/15 text-white" data-testid="badge-category">
                {category}
              </Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{course.title}</h1>
        {summary ? <p className="max-w-2xl text-base text-white/80 sm:text-lg">{summary}</p> : null}
      </div>
      {teacher ? (
        <p className="flex items-center gap-2 text-sm text-white/80">
          <SchoolIcon className="size-4 shrink-0" aria-hidden />
          <span>
            {course.instructorName && course.schoolName && course.instructorName !== course.schoolName
              ? t("hero.byWithSchool", { name: course.instructorName, school: course.schoolName })
              : t("hero.by", { name: teacher })}
          </span>
        </p>
      ) : null}
      <ul
        aria-label={t("facts.label")}
        className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-white/90"
      >
        {course.rating > 0 ? (
          <li className="flex items-center gap-1.5" data-testid="fact-rating">
            <StarIcon className="size-4 shrink-0 fill-amber-400 text-amber-400" aria-hidden />
            <span className="sr-only">
              {t("facts.ratingLabel", { rating: oneDecimal(course.rating, lng), count: course.ratingCount })}
            </span>
            <span aria-hidden>
              <span className="font-bold text-amber-300">{oneDecimal(course.rating, lng)}</span>{" "}
              <span className="text-white/70">
                {t("facts.reviews", {
                  count: course.ratingCount,
                  value: formatNumber(course.ratingCount, lng),
                })}
              </span>
            </span>
          </li>
        ) : null}
        <Fact icon={ClockIcon} testId="fact-hours">
          {t("facts.hours", { count: course.estimatedHours, value: oneDecimal(course.estimatedHours, lng) })}
        </Fact>
        <Fact icon={UsersIcon} testId="fact-students">
          {t("facts.students", { count: course.studentCount, value: formatNumber(course.studentCount, lng) })}
        </Fact>
        <Fact icon={BookOpenIcon} testId="fact-lessons">
          {t("facts.lessons", { count: course.totalLessons, value: formatNumber(course.totalLessons, lng) })}
        </Fact>
      </ul>
    </div>
  );
}
