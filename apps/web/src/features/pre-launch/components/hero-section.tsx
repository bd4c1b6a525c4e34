import { CheckIcon, GiftIcon, SparklesIcon } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { HERO_EMAIL_ID } from "../constants";
import { DemoDialog } from "./demo-dialog";
import { EarlyAccessForm } from "./early-access-form";
import { ProductPreview } from "./product-preview";

const POINTS = ["free", "payments", "bilingual"] as const;

/** Hero: headline, sub-headline, the VIP early-access signup and "Watch 2-minute demo" (spec 000 §1, §2). */
export function HeroSection() {
  const { t } = useTranslation("landing");
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-brand text-white">
      <HeroBackdrop />
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pb-24 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:px-8 lg:pb-32 lg:pt-24">
        <div className="min-w-0 max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold text-teal-200 ring-1 ring-inset ring-white/15 sm:text-sm">
            <SparklesIcon className="size-4 text-accent-teal" aria-hidden />
            {t("hero.badge")}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-balance text-4xl font-extrabold leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl"
          >
            {t("hero.titleLead")} <span className="text-accent-teal">{t("hero.titleHighlight")}</span>
          </h1>
          <p className="mt-6 text-pretty text-base leading-relaxed text-indigo-100 sm:text-lg">
            {t("hero.subtitle")}
          </p>

          <div className="mt-8 grid gap-3 rounded-2xl bg-white/[0.07] p-4 ring-1 ring-inset ring-white/15 sm:p-5">
            <p className="flex items-start gap-2 text-sm text-indigo-50 sm:text-base">
              <GiftIcon className="mt-0.5 size-5 shrink-0 text-accent-teal" aria-hidden />
              <span>
                <Trans
                  t={t}
                  i18nKey="hero.offer"
                  components={{ strong: <strong className="font-semibold text-white" /> }}
                />
              </span>
            </p>
            <EarlyAccessForm
              inputId={HERO_EMAIL_ID}
              tone="dark"
              submitLabel={t("signup.submit")}
              successHeading="h2"
            />
          </div>

          <div className="mt-6 flex flex-col gap-5">
            <DemoDialog className="w-fit rounded-full border border-white/25 bg-white/5 pl-3 pr-5 text-white hover:bg-white/15 hover:text-white" />
            <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-indigo-100">
              {POINTS.map((point) => (
                <li key={point} className="inline-flex items-center gap-1.5">
                  <CheckIcon className="size-4 text-accent-teal" aria-hidden />
                  {t(`hero.points.${point}`)}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <ProductPreview />
      </div>
    </section>
  );
}

/** Soft glows and a faint grid, in CSS and inline SVG only. */
function HeroBackdrop() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-gradient-to-br from-brand via-[#232f8f] to-[#0d1250]" />
      <div className="absolute -right-40 -top-40 size-[36rem] rounded-full bg-accent-teal/20 blur-3xl" />
      <div className="absolute -bottom-48 -left-32 size-[30rem] rounded-full bg-indigo-400/20 blur-3xl" />
      <svg
        aria-hidden="true"
        className="absolute inset-0 size-full opacity-[0.07]"
        xmlns="http://www.w3.org/2000/svg"
      >
        <defs>
          <pattern id="hero-grid" width="40" height="40" patternUnits="userSpaceOnUse">
            <path d="M40 0H0V40" fill="none" stroke="white" strokeWidth="1" />
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="url(#hero-grid)" />
      </svg>
    </div>
  );
}
