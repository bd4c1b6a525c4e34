import {
  AwardIcon,
  BriefcaseBusinessIcon,
  CameraIcon,
  CodeXmlIcon,
  LanguagesIcon,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { SCRIPT_FOCUS_ONLY } from "../constants";
import { SectionHeading } from "./section-heading";

const COURSE_TYPES: { key: string; Icon: LucideIcon; tint: string }[] = [
  { key: "language", Icon: LanguagesIcon, tint: "from-sky-500 to-indigo-600" },
  { key: "programming", Icon: CodeXmlIcon, tint: "from-brand to-violet-600" },
  { key: "business", Icon: BriefcaseBusinessIcon, tint: "from-teal-500 to-emerald-600" },
  { key: "creative", Icon: CameraIcon, tint: "from-amber-500 to-rose-500" },
];

/**
 * #examples: example course types (spec 000 §1). The spec's three creator testimonials with student
 * and revenue figures are not shown: nobody said them (issue 24 §1, decision 0222).
 */
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
      </div>
    </section>
  );
}
