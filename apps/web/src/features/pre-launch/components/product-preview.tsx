import { AwardIcon, CheckIcon, SparklesIcon, WalletIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "@/lib/format";
import { PAYMENT_METHODS } from "../constants";

const SECTIONS = [
  { key: "one", minutes: 45 },
  { key: "two", minutes: 90 },
  { key: "three", minutes: 60 },
] as const;

/** A decorative, CSS-only picture of the course builder for the hero (no images are loaded). */
export function ProductPreview() {
  const { t, i18n } = useTranslation("landing");
  return (
    <figure className="relative mx-auto w-full max-w-md lg:max-w-none" aria-label={t("preview.label")}>
      <div className="overflow-hidden rounded-2xl bg-white text-slate-900 shadow-2xl shadow-black/30 ring-1 ring-white/10">
        <div className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3">
          <span className="size-2.5 rounded-full bg-rose-400" aria-hidden />
          <span className="size-2.5 rounded-full bg-amber-400" aria-hidden />
          <span className="size-2.5 rounded-full bg-emerald-400" aria-hidden />
          <span className="ml-2 inline-flex items-center gap-1.5 text-xs font-medium text-slate-500">
            <SparklesIcon className="size-3.5 text-brand" aria-hidden />
            {t("preview.window")}
          </span>
        </div>
        <div className="grid gap-4 p-5 sm:pb-10">
          <div className="flex items-start justify-between gap-3">
            <p className="font-semibold leading-snug text-brand">{t("preview.courseTitle")}</p>
            <span className="shrink-0 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
              {t("preview.status")}
            </span>
          </div>
          <ol className="grid gap-2">
            {SECTIONS.map(({ key, minutes }, index) => (
              <li
                key={key}
                className="flex items-center gap-3 rounded-lg border border-slate-100 px-3 py-2.5"
              >
                <span className="flex size-6 shrink-0 items-center justify-center rounded-md bg-brand/10 text-xs font-bold text-brand">
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1 truncate text-sm text-slate-700">
                  {t(`preview.sections.${key}`)}
                </span>
                <span className="shrink-0 text-xs text-slate-500">
                  {t("preview.minutes", { count: minutes })}
                </span>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 px-3 py-2.5">
            <WalletIcon className="size-4 text-slate-500" aria-hidden />
            <span className="text-xs font-medium text-slate-600">{t("preview.checkout")}</span>
            {PAYMENT_METHODS.map((method) => (
              <span
                key={method}
                className="rounded-md bg-white px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-200"
              >
                {method}
              </span>
            ))}
          </div>
        </div>
      </div>

      <div className="absolute -bottom-7 -left-4 hidden items-center gap-3 rounded-xl bg-white px-4 py-3 text-slate-900 shadow-xl ring-1 ring-black/5 sm:flex lg:-left-10">
        <span className="flex size-9 items-center justify-center rounded-full bg-accent-teal/15 text-teal-700">
          <CheckIcon className="size-5" aria-hidden />
        </span>
        <span className="grid text-left">
          <span className="text-xs text-slate-500">{t("preview.enrolment")}</span>
          <span className="text-sm font-semibold">
            {t("preview.payment", { amount: formatMoney(499000, "VND", i18n.language) })}
          </span>
        </span>
      </div>

      <div className="absolute -right-3 -top-7 hidden max-w-[17rem] items-center gap-3 rounded-xl bg-white px-4 py-3 text-slate-900 shadow-xl ring-1 ring-black/5 sm:flex lg:-right-3">
        <span className="flex size-9 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <AwardIcon className="size-5" aria-hidden />
        </span>
        <span className="grid text-left">
          <span className="text-sm font-semibold">{t("preview.certificate")}</span>
          <span className="text-xs text-slate-500">{t("preview.certificateBody")}</span>
        </span>
      </div>
    </figure>
  );
}
