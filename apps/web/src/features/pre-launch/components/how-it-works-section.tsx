import { HammerIcon, PaletteIcon, RocketIcon, TrendingUpIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EarlyAccessForm } from "./early-access-form";
import { SectionHeading } from "./section-heading";

const STEPS = [
  { key: "build", Icon: HammerIcon },
  { key: "brand", Icon: PaletteIcon },
  { key: "launch", Icon: RocketIcon },
  { key: "grow", Icon: TrendingUpIcon },
] as const;

/**
 * "How It Works": Build, Brand, Launch, Grow, then an e-mail input and "Get Started Free"
 * (spec 000 §1, §2). The button's behaviour is not specified: it joins the VIP early-access list,
 * exactly like the hero form.
 */
export function HowItWorksSection() {
  const { t } = useTranslation("landing");
  return (
    <section aria-labelledby="how-title" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="how-title" title={t("howItWorks.title")} subtitle={t("howItWorks.subtitle")} />
        <ol className="relative mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <span
            aria-hidden
            className="absolute left-[12.5%] right-[12.5%] top-7 hidden h-0.5 bg-gradient-to-r from-brand/20 via-accent-teal/60 to-brand/20 lg:block"
          />
          {STEPS.map(({ key, Icon }, index) => (
            <li
              key={key}
              className="relative flex items-start gap-4 sm:flex-col sm:items-center sm:gap-0 sm:text-center"
            >
              <span className="relative flex size-12 shrink-0 items-center justify-center rounded-2xl bg-brand text-accent-teal shadow-lg shadow-brand/20 ring-4 ring-slate-50 sm:size-14">
                <Icon className="size-6" aria-hidden />
              </span>
              <div className="w-full flex-1 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:mt-5 sm:p-6">
                <p className="text-xs font-semibold uppercase tracking-wider text-teal-700">
                  {t("howItWorks.step", { n: index + 1 })}
                </p>
                <h3 className="mt-1 text-xl font-bold text-brand">{t(`howItWorks.steps.${key}.title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                  {t(`howItWorks.steps.${key}.body`)}
                </p>
              </div>
            </li>
          ))}
        </ol>

        <div className="relative isolate mt-14 overflow-hidden rounded-3xl bg-brand px-6 py-10 text-white shadow-xl sm:px-10 lg:flex lg:items-center lg:justify-between lg:gap-10 lg:px-14">
          <div
            aria-hidden
            className="absolute -right-24 -top-24 -z-10 size-72 rounded-full bg-accent-teal/25 blur-3xl"
          />
          <div className="max-w-md">
            <h3 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("howItWorks.cta.title")}</h3>
            <p className="mt-2 text-indigo-100">{t("howItWorks.cta.body")}</p>
          </div>
          <EarlyAccessForm
            inputId="how-it-works-email"
            tone="dark"
            submitLabel={t("howItWorks.cta.submit")}
            successHeading="h3"
            className="mt-6 w-full lg:mt-0 lg:max-w-lg"
          />
        </div>
      </div>
    </section>
  );
}
