import { DollarSignIcon, GlobeIcon, GraduationCapIcon, StarIcon, TimerIcon, UsersIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Platform statistics; the figures are the spec's marketing claims (spec 000 §2 Landing page). */
const STATS = [
  { key: "creators", Icon: UsersIcon },
  { key: "countries", Icon: GlobeIcon },
  { key: "setup", Icon: TimerIcon },
  { key: "students", Icon: GraduationCapIcon },
  { key: "revenue", Icon: DollarSignIcon },
  { key: "rating", Icon: StarIcon },
] as const;

export function StatsSection() {
  const { t } = useTranslation("landing");
  return (
    <section aria-labelledby="stats-title" className="relative z-10 -mt-12 px-4 sm:px-6 lg:-mt-16 lg:px-8">
      <h2 id="stats-title" className="sr-only">
        {t("stats.title")}
      </h2>
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-px overflow-hidden rounded-2xl bg-slate-200 shadow-xl ring-1 ring-slate-200 sm:grid-cols-3 lg:grid-cols-6">
        {STATS.map(({ key, Icon }) => (
          <li key={key} className="flex flex-col items-center gap-1 bg-white px-3 py-6 text-center sm:py-7">
            <Icon className="mb-1 size-5 text-teal-600" aria-hidden />
            <span className="text-2xl font-extrabold tracking-tight text-brand sm:text-3xl">
              {t(`stats.${key}.value`)}
            </span>
            <span className="text-sm text-muted-foreground">{t(`stats.${key}.label`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
