import { lockLabel, zonedDate } from "@academy/shared";
import { LockIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * "Opens in 3 days" / "Opens on 05/12" of a locked lesson (issue 27 §1; the shared `lockLabel`):
 * within a week the days left, later the date (dd/MM) in the school's time zone.
 */
export function useLockText() {
  const { t } = useTranslation("player");
  return (opensAt: string, timeZone: string, now = new Date()) => {
    const label = lockLabel(new Date(opensAt), now, timeZone);
    return label.key === "drip.opensIn"
      ? t("drip.opensIn", { count: label.values.count })
      : t("drip.opensOn", { date: label.values.date });
  };
}

/** "05/12/2026" and "00:00" of an instant in `timeZone`. */
export function dateAndTime(opensAt: string, timeZone: string): { date: string; time: string } {
  const at = new Date(opensAt);
  const [y, m, d] = zonedDate(at, timeZone).split("-");
  const time = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
  return { date: `${d}/${m}/${y}`, time };
}

/**
 * The lesson view of a lesson that has not opened yet (issue 27 §1): a locked screen with when it
 * opens, instead of the content (the server sends none).
 */
export function LockedLesson({ opensAt, timeZone }: { opensAt: string; timeZone: string }) {
  const { t } = useTranslation("player");
  const lockText = useLockText();
  const { date, time } = dateAndTime(opensAt, timeZone);
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-muted/40 px-6 py-14 text-center"
      data-testid="lesson-locked"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-brand">
        <LockIcon className="size-6" aria-hidden />
      </span>
      <p className="text-lg font-semibold">{t("drip.lockedTitle")}</p>
      <p className="font-medium text-brand" data-testid="lesson-locked-when">
        {lockText(opensAt, timeZone)}
      </p>
      <p className="max-w-sm text-sm text-muted-foreground">{t("drip.lockedBody", { date, time })}</p>
    </div>
  );
}
