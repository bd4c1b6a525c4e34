import type { PublicStatKey } from "@academy/shared";
import { useQuery } from "@tanstack/react-query";
import { AwardIcon, BookOpenIcon, GraduationCapIcon, type LucideIcon, UsersIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { publicStatsQueryOptions } from "../api/public-stats";

const ICONS: Record<PublicStatKey, LucideIcon> = {
  creators: UsersIcon,
  courses: BookOpenIcon,
  students: GraduationCapIcon,
  certificates: AwardIcon,
};

const COLUMNS = ["", "grid-cols-1", "grid-cols-2", "grid-cols-3", "grid-cols-2 lg:grid-cols-4"];

/**
 * Platform statistics (spec 000 §2 Landing page), real ones only (issue 24 §1, decision 0222):
 * the figures counted from the database that reached the minimum an admin set in the Admin Panel.
 * Nothing is shown while they load, when they fail to load, or when none reached it — never a
 * made-up number.
 */
export function StatsSection() {
  const { t, i18n } = useTranslation("landing");
  const stats = useQuery(publicStatsQueryOptions);
  const figures = stats.data?.figures ?? [];
  if (figures.length === 0) return null;
  return (
    <section
      aria-labelledby="stats-title"
      className="relative z-10 -mt-12 px-4 sm:px-6 lg:-mt-16 lg:px-8"
      data-testid="platform-stats"
    >
      <h2 id="stats-title" className="sr-only">
        {t("stats.title")}
      </h2>
      <ul
        className={cn(
          "mx-auto grid max-w-4xl gap-px overflow-hidden rounded-2xl bg-slate-200 shadow-xl ring-1 ring-slate-200",
          COLUMNS[figures.length],
        )}
      >
        {figures.map(({ key, value }) => {
          const Icon = ICONS[key];
          return (
            <li key={key} className="flex flex-col items-center gap-1 bg-white px-3 py-6 text-center sm:py-7">
              <Icon className="mb-1 size-5 text-teal-600" aria-hidden />
              <span className="text-2xl font-extrabold tracking-tight text-brand sm:text-3xl">
                {formatNumber(value, i18n.language)}
              </span>
              <span className="text-sm text-muted-foreground">{t(`stats.${key}`)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
