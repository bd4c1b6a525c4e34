import { useTranslation } from "react-i18next";
import { usePlatformName } from "@/lib/platform";
import { SCRIPT_FOCUS_ONLY } from "../constants";
import { ExamplesSection } from "./examples-section";
import { FeaturesSection } from "./features-section";
import { HelpSection } from "./help-section";
import { HeroSection } from "./hero-section";
import { HowItWorksSection } from "./how-it-works-section";
import { PricingSection } from "./pricing-section";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { StatsSection } from "./stats-section";

/**
 * `/` — the public pre-launch marketing page (spec 000 §1 last bullet, §2 Landing page): header,
 * hero with the VIP early-access signup, statistics, features, "How It Works", examples and
 * testimonials, pricing, help and footer.
 */
export function PreLaunchPage() {
  const { t } = useTranslation("landing");
  const platform = usePlatformName();
  return (
    <div className="min-h-svh bg-white text-slate-900">
      <title>{t("pageTitle", { platform })}</title>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-brand focus:shadow-lg"
      >
        {t("skipToContent")}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} style={SCRIPT_FOCUS_ONLY}>
        <HeroSection />
        <StatsSection />
        <FeaturesSection />
        <HowItWorksSection />
        <ExamplesSection />
        <PricingSection />
        <HelpSection />
      </main>
      <SiteFooter />
    </div>
  );
}
