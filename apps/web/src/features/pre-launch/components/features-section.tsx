import {
  AwardIcon,
  type LucideIcon,
  MessagesSquareIcon,
  PaletteIcon,
  QrCodeIcon,
  SparklesIcon,
  UsersIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { PAYMENT_METHODS, SCRIPT_FOCUS_ONLY } from "../constants";
import { SectionHeading } from "./section-heading";

const FEATURES: { key: string; Icon: LucideIcon; payments?: boolean }[] = [
  { key: "ai", Icon: SparklesIcon },
  { key: "branding", Icon: PaletteIcon },
  { key: "landing", Icon: QrCodeIcon, payments: true },
  { key: "students", Icon: UsersIcon },
  { key: "certificates", Icon: AwardIcon },
  { key: "messaging", Icon: MessagesSquareIcon },
];

/** #features: what creators get (spec 000 §1 overview). */
export function FeaturesSection() {
  const { t } = useTranslation("landing");
  return (
    <section
      id="features"
      tabIndex={-1}
      style={SCRIPT_FOCUS_ONLY}
      aria-labelledby="features-title"
      className="scroll-mt-16 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow={t("features.eyebrow")}
          title={t("features.title")}
          subtitle={t("features.subtitle")}
        />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ key, Icon, payments }) => (
            <li
              key={key}
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md sm:p-6"
            >
              <div className="flex items-center gap-4 sm:block">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand text-accent-teal">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="text-lg font-semibold text-slate-900 sm:mt-5">
                  {t(`features.items.${key}.title`)}
                </h3>
              </div>
              <p className="mt-3 text-sm leading-relaxed text-muted-foreground sm:mt-2">
                {t(`features.items.${key}.body`)}
              </p>
              {payments ? (
                <ul className="mt-4 flex flex-wrap gap-2">
                  {PAYMENT_METHODS.map((method) => (
                    <li
                      key={method}
                      className="rounded-md bg-secondary px-2 py-1 text-xs font-semibold text-brand"
                    >
                      {method}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
