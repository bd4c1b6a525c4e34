import type { PlayerCourse } from "@academy/shared";
import { AwardIcon, DownloadIcon, PartyPopperIcon, XIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { certificatePdfUrl } from "../api/learning";

/**
 * Shown once the enrolment is completed (spec 001 §4): congratulations and the certificate — its
 * public page (certificate_url, /certificates/{id}) and its PDF (/api/certificates/{id}/pdf).
 */
export function CompletionBanner({
  courseTitle,
  enrolment,
  onDismiss,
}: {
  courseTitle: string;
  enrolment: PlayerCourse["enrolment"];
  onDismiss: () => void;
}) {
  const { t } = useTranslation("player");
  const url = enrolment.certificateUrl;
  const pdf = url ? certificatePdfUrl(url) : undefined;
  return (
    <section
      aria-labelledby="completion-title"
      className="relative overflow-hidden rounded-xl bg-gradient-to-r from-brand to-[#3949ab] p-5 pr-12 text-white shadow-sm sm:p-6 sm:pr-14"
      data-testid="completion-banner"
    >
      <div
        className="pointer-events-none absolute -bottom-16 right-24 size-36 rounded-full bg-accent-teal/15"
        aria-hidden
      />
      <div className="relative flex flex-col gap-4 sm:flex-row sm:items-center">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-teal text-brand">
          <PartyPopperIcon className="size-6" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="completion-title" className="text-lg font-bold">
            {t("complete.title")}
          </h2>
          <p className="text-sm text-white/85">{t("complete.body", { title: courseTitle })}</p>
          {!url ? <p className="mt-1 text-xs text-white/70">{t("complete.certificatePending")}</p> : null}
        </div>
        {url ? (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="accent" size="sm">
              <a href={url}>
                <AwardIcon aria-hidden />
                {t("complete.viewCertificate")}
              </a>
            </Button>
            {pdf ? (
              <Button
                asChild
                size="sm"
                variant="outline"
                className="border-white/40 bg-transparent text-white hover:bg-white/10"
              >
                <a href={pdf} download>
                  <DownloadIcon aria-hidden />
                  {t("complete.downloadPdf")}
                </a>
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t("complete.dismiss")}
        className="absolute right-2 top-2 cursor-pointer rounded-md p-1.5 text-white/80 hover:bg-white/10 hover:text-white"
      >
        <XIcon className="size-4" aria-hidden />
      </button>
    </section>
  );
}
