import {
  AwardIcon,
  BriefcaseBusinessIcon,
  CameraIcon,
  CodeXmlIcon,
  LanguagesIcon,
  type LucideIcon,
  QuoteIcon,
  StarIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { initials } from "@/components/ui/avatar";
import { cn } from "@/lib/utils";
import { SCRIPT_FOCUS_ONLY } from "../constants";
import { SectionHeading } from "./section-heading";

const COURSE_TYPES: { key: string; Icon: LucideIcon; tint: string }[] = [
  { key: "language", Icon: LanguagesIcon, tint: "from-sky-500 to-indigo-600" },
  { key: "programming", Icon: CodeXmlIcon, tint: "from-brand to-violet-600" },
  { key: "business", Icon: BriefcaseBusinessIcon, tint: "from-teal-500 to-emerald-600" },
  { key: "creative", Icon: CameraIcon, tint: "from-amber-500 to-rose-500" },
];

const TESTIMONIALS: { key: string; avatar: string }[] = [
  { key: "ha", avatar: "bg-rose-100 text-rose-800" },
  { key: "daniel", avatar: "bg-sky-100 text-sky-800" },
  { key: "quan", avatar: "bg-emerald-100 text-emerald-800" },
];

/** #examples: example course types, then three creator testimonials with student and revenue figures (spec 000 §1). */
export function ExamplesSection() {
  const { t } = useTranslation("landing");
  return (
    <section
      id="examples"
      tabIndex={-1}
      style={SCRIPT_FOCUS_ONLY}
      aria-labelledby="examples-title"
      className="scroll-mt-16 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="examples-title"
          eyebrow={t("examples.eyebrow")}
          title={t("examples.title")}
          subtitle={t("examples.subtitle")}
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {COURSE_TYPES.map(({ key, Icon, tint }) => (
            <li
              key={key}
              className="flex overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:block"
            >
              <div
                className={cn(
                  "relative flex w-24 shrink-0 items-center justify-center bg-gradient-to-br sm:h-32 sm:w-auto",
                  tint,
                )}
                aria-hidden
              >
                <Icon className="size-9 text-white/90 sm:size-12" strokeWidth={1.5} />
                <span className="absolute inset-x-0 bottom-0 h-10 bg-gradient-to-t from-black/15 to-transparent" />
              </div>
              <div className="min-w-0 p-4 sm:p-5">
                <p className="text-xs font-semibold uppercase tracking-wider text-teal-700">
                  {t(`examples.items.${key}.category`)}
                </p>
                <h3 className="mt-1.5 font-semibold leading-snug text-slate-900">
                  {t(`examples.items.${key}.title`)}
                </h3>
                <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                  <span>{t(`examples.items.${key}.meta`)}</span>
                  <span className="inline-flex items-center gap-1">
                    <AwardIcon className="size-3.5" aria-hidden />
                    {t("examples.certificate")}
                  </span>
                </p>
              </div>
            </li>
          ))}
        </ul>

        <div className="mt-20 sm:mt-24">
          <div className="mx-auto max-w-2xl text-center">
            <h3 className="text-2xl font-bold tracking-tight text-brand sm:text-3xl">
              {t("testimonials.title")}
            </h3>
            <p className="mt-3 text-muted-foreground">{t("testimonials.subtitle")}</p>
          </div>
          <ul className="mt-10 grid gap-5 lg:grid-cols-3">
            {TESTIMONIALS.map(({ key, avatar }) => {
              const name = t(`testimonials.items.${key}.name`);
              return (
                <li key={key}>
                  <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-7">
                    <div className="flex items-center justify-between">
                      <QuoteIcon className="size-8 text-accent-teal" aria-hidden />
                      <span className="flex gap-0.5 text-amber-400" aria-hidden>
                        {[0, 1, 2, 3, 4].map((star) => (
                          <StarIcon key={star} className="size-4 fill-current" />
                        ))}
                      </span>
                    </div>
                    <blockquote className="mt-4 flex-1 text-pretty leading-relaxed text-slate-700">
                      <p>“{t(`testimonials.items.${key}.quote`)}”</p>
                    </blockquote>
                    <dl className="mt-6 grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 text-center">
                      <div>
                        <dt className="text-xs text-muted-foreground">{t("testimonials.studentsLabel")}</dt>
                        <dd className="text-lg font-bold text-brand">
                          {t(`testimonials.items.${key}.students`)}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-xs text-muted-foreground">{t("testimonials.revenueLabel")}</dt>
                        <dd className="text-lg font-bold text-brand">
                          {t(`testimonials.items.${key}.revenue`)}
                        </dd>
                      </div>
                    </dl>
                    <figcaption className="mt-6 flex items-center gap-3">
                      <span
                        className={cn(
                          "flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-bold",
                          avatar,
                        )}
                        aria-hidden
                      >
                        {initials(name)}
                      </span>
                      <span className="grid">
                        <span className="font-semibold text-slate-900">{name}</span>
                        <span className="text-sm text-muted-foreground">
                          {t(`testimonials.items.${key}.role`)}
                        </span>
                      </span>
                    </figcaption>
                  </figure>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}
