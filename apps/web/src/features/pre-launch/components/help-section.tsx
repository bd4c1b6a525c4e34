import { ChevronDownIcon, LifeBuoyIcon, MailIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { SCRIPT_FOCUS_ONLY, SUPPORT_EMAIL } from "../constants";
import { SectionHeading } from "./section-heading";

const QUESTIONS = ["launch", "vip", "payments", "skills", "language", "ownership"] as const;

/** #help: short FAQ (native <details>, keyboard-accessible without script) and a contact card. */
export function HelpSection() {
  const { t } = useTranslation("landing");
  return (
    <section
      id="help"
      tabIndex={-1}
      style={SCRIPT_FOCUS_ONLY}
      aria-labelledby="help-title"
      className="scroll-mt-16 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="help-title"
          eyebrow={t("help.eyebrow")}
          title={t("help.title")}
          subtitle={t("help.subtitle")}
        />
        <div className="mx-auto mt-14 grid max-w-6xl gap-8 lg:grid-cols-[1fr_20rem]">
          <div className="grid content-start gap-3">
            {QUESTIONS.map((key) => (
              <details
                key={key}
                className="group rounded-xl border border-slate-200 bg-white shadow-sm open:shadow-md [&_summary::-webkit-details-marker]:hidden"
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold text-slate-900 hover:text-brand">
                  <h3 className="text-base">{t(`help.faq.${key}.q`)}</h3>
                  <ChevronDownIcon
                    className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                    aria-hidden
                  />
                </summary>
                <p className="px-5 pb-5 text-sm leading-relaxed text-muted-foreground">
                  {t(`help.faq.${key}.a`)}
                </p>
              </details>
            ))}
          </div>
          <aside className="h-fit rounded-2xl bg-brand p-6 text-white shadow-lg sm:p-7">
            <span className="flex size-11 items-center justify-center rounded-xl bg-white/10 text-accent-teal">
              <LifeBuoyIcon className="size-6" aria-hidden />
            </span>
            <h3 className="mt-5 text-lg font-semibold">{t("help.contact.title")}</h3>
            <p className="mt-2 text-sm text-indigo-100">{t("help.contact.body")}</p>
            <p className="mt-4 break-all text-sm font-medium text-white">{SUPPORT_EMAIL}</p>
            <Button asChild variant="accent" className="mt-5 w-full font-semibold">
              <a href={`mailto:${SUPPORT_EMAIL}`}>
                <MailIcon aria-hidden />
                {t("help.contact.cta")}
              </a>
            </Button>
          </aside>
        </div>
      </div>
    </section>
  );
}
