import { ClockIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/** A lesson without content (spec 001 §2: 'Lesson content coming soon'). */
export function ComingSoon() {
  const { t } = useTranslation("player");
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-muted/40 px-6 py-14 text-center"
      data-testid="lesson-coming-soon"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-brand">
        <ClockIcon className="size-6" aria-hidden />
      </span>
      <p className="text-lg font-semibold">{t("comingSoon")}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{t("comingSoonBody")}</p>
    </div>
  );
}
