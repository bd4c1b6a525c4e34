import { CheckIcon, CrownIcon } from "lucide-react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { focusHeroSignup, SCRIPT_FOCUS_ONLY } from "../constants";
import { SectionHeading } from "./section-heading";

const FEATURE_KEYS = {
  starter: ["one", "two", "three", "four"],
  pro: ["one", "two", "three", "four"],
  vip: ["one", "two", "three"],
} as const;

/** #pricing: an early-access pricing teaser with the VIP "10% off for life" offer (spec 000 §1, §9). */
export function PricingSection() {
  const { t } = useTranslation("landing");
  return (
    <section
      id="pricing"
      tabIndex={-1}
      style={SCRIPT_FOCUS_ONLY}
      aria-labelledby="pricing-title"
      className="scroll-mt-16 bg-slate-50 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="pricing-title"
          eyebrow={t("pricing.eyebrow")}
          title={t("pricing.title")}
          subtitle={t("pricing.subtitle")}
        />
        <div className="mx-auto mt-14 grid max-w-6xl gap-6 lg:grid-cols-3 lg:items-stretch">
          <PlanCard plan="starter" action={<PlanLink>{t("pricing.starter.cta")}</PlanLink>} />
          <PlanCard plan="pro" highlighted action={<PlanLink primary>{t("pricing.pro.cta")}</PlanLink>} />
          <PlanCard
            plan="vip"
            dark
            action={
              <Button variant="accent" size="lg" className="w-full font-semibold" onClick={focusHeroSignup}>
                {t("pricing.vip.cta")}
              </Button>
            }
          />
        </div>
      </div>
    </section>
  );
}

function PlanLink({ children, primary = false }: { children: React.ReactNode; primary?: boolean }) {
  return (
    <Button asChild size="lg" variant={primary ? "default" : "outline"} className="w-full font-semibold">
      <Link to="/auth">{children}</Link>
    </Button>
  );
}

function PlanCard({
  plan,
  action,
  highlighted = false,
  dark = false,
}: {
  plan: keyof typeof FEATURE_KEYS;
  action: React.ReactNode;
  highlighted?: boolean;
  dark?: boolean;
}) {
  const { t } = useTranslation("landing");
  return (
    <article
      aria-labelledby={`plan-${plan}`}
      className={cn(
        "relative flex flex-col rounded-3xl p-7 sm:p-8",
        dark
          ? "bg-gradient-to-br from-brand to-[#0d1250] text-white shadow-xl"
          : "border border-slate-200 bg-white shadow-sm",
        highlighted && "border-2 border-brand shadow-lg",
      )}
    >
      {dark ? (
        <span className="absolute -top-3 left-7 rounded-full bg-accent-teal px-3 py-1 text-xs font-semibold text-slate-950 shadow">
          {t("pricing.vip.badge")}
        </span>
      ) : null}
      <h3
        id={`plan-${plan}`}
        className={cn("flex items-center gap-2 text-lg font-semibold", dark ? "text-white" : "text-brand")}
      >
        {dark ? <CrownIcon className="size-5 text-accent-teal" aria-hidden /> : null}
        {t(`pricing.${plan}.name`)}
      </h3>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
        <span
          className={cn(
            "text-4xl font-extrabold tracking-tight",
            dark ? "text-accent-teal" : "text-slate-900",
          )}
        >
          {t(`pricing.${plan}.price`)}
        </span>
        {plan === "vip" ? (
          <span className="text-lg font-semibold text-white">{t("pricing.vip.priceSuffix")}</span>
        ) : null}
      </p>
      <p className={cn("mt-2 text-sm", dark ? "text-indigo-100" : "text-muted-foreground")}>
        {t(`pricing.${plan}.note`)}
      </p>
      <ul className="mt-6 grid flex-1 content-start gap-3 text-sm">
        {FEATURE_KEYS[plan].map((key) => (
          <li key={key} className="flex items-start gap-2.5">
            <CheckIcon
              className={cn("mt-0.5 size-4 shrink-0", dark ? "text-accent-teal" : "text-teal-600")}
              aria-hidden
            />
            <span className={dark ? "text-indigo-50" : "text-slate-700"}>
              {t(`pricing.${plan}.features.${key}`)}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </article>
  );
}
