import { DRIP_MAX_DAYS, isReleaseDate, releaseBadge, type SectionRelease, zonedDate } from "@academy/shared";
import { CalendarClockIcon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";

type Kind = SectionRelease["kind"];

/**
 * The badge of a section's drip rule on its card (issue 27 §1): "Day 3" for N days after
 * enrolment, "05/12" for a date; nothing when the section is available at enrolment.
 */
export function ReleaseBadge({ release }: { release: SectionRelease | undefined }) {
  const { t } = useTranslation("structure");
  const badge = releaseBadge(release);
  if (!badge) return null;
  const text = "day" in badge ? t("release.badgeDay", { n: badge.day }) : badge.date;
  const label =
    "day" in badge ? t("release.afterDays", { count: badge.day }) : t("release.onDate", { date: badge.date });
  return (
    <span
      className="inline-flex h-6 shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900"
      title={label}
      data-testid="release-badge"
    >
      <CalendarClockIcon className="size-3.5" aria-hidden />
      <span aria-hidden>{text}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * "Available: at enrolment / N days after enrolment / on date" for one section (issue 27 §1):
 * a native select and, for the last two, a number (1–365) or a date field. Only a valid rule is
 * passed to `onChange`; an invalid number or date shows its message and keeps the last valid rule.
 * `title` names the section for screen readers.
 */
export function ReleaseControl({
  release,
  title,
  onChange,
}: {
  release: SectionRelease | undefined;
  title: string;
  onChange: (release: SectionRelease | undefined) => void;
}) {
  const { t } = useTranslation("structure");
  const id = useId();
  const kind: Kind = release?.kind ?? "enrolment";
  const [days, setDays] = useState(release?.kind === "days" ? String(release.days) : "1");
  const [date, setDate] = useState(
    release?.kind === "date" ? release.date : zonedDate(new Date(Date.now() + 7 * 86_400_000), "UTC"),
  );
  const daysValid = /^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= DRIP_MAX_DAYS;
  const dateValid = isReleaseDate(date);

  const choose = (next: Kind) => {
    if (next === "enrolment") onChange(undefined);
    else if (next === "days") onChange({ kind: "days", days: daysValid ? Number(days) : 1 });
    else onChange({ kind: "date", date: dateValid ? date : zonedDate(new Date(), "UTC") });
    if (next === "days" && !daysValid) setDays("1");
  };

  return (
    <div className="flex flex-wrap items-center gap-2 pb-3" data-testid="release-control">
      <label htmlFor={`${id}-kind`} className="text-sm font-medium">
        {t("release.label")}
      </label>
      <NativeSelect
        id={`${id}-kind`}
        value={kind}
        onChange={(event) => choose(event.target.value as Kind)}
        aria-label={t("release.kindLabel", { title })}
        className="h-9 min-w-0 max-w-full"
      >
        <option value="enrolment">{t("release.atEnrolment")}</option>
        <option value="days">{t("release.daysOption")}</option>
        <option value="date">{t("release.dateOption")}</option>
      </NativeSelect>
      {kind === "days" ? (
        <span className="flex items-center gap-2">
          <Input
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={1}
            max={DRIP_MAX_DAYS}
            step={1}
            value={days}
            onChange={(event) => {
              const value = event.target.value;
              setDays(value);
              if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= DRIP_MAX_DAYS)
                onChange({ kind: "days", days: Number(value) });
            }}
            aria-label={t("release.daysLabel", { title })}
            aria-invalid={!daysValid || undefined}
            aria-describedby={daysValid ? undefined : `${id}-error`}
            className="h-9 w-20"
            data-testid="release-days"
          />
          <span className="text-sm text-muted-foreground">
            {t("release.daysSuffix", { count: Number(days) || 0 })}
          </span>
        </span>
      ) : null}
      {kind === "date" ? (
        <Input
          id={`${id}-date`}
          type="date"
          value={date}
          onChange={(event) => {
            const value = event.target.value;
            setDate(value);
            if (isReleaseDate(value)) onChange({ kind: "date", date: value });
          }}
          aria-label={t("release.dateLabel", { title })}
          aria-invalid={!dateValid || undefined}
          aria-describedby={dateValid ? `${id}-hint` : `${id}-error`}
          className="h-9 w-auto"
          data-testid="release-date"
        />
      ) : null}
      {kind === "days" && !daysValid ? (
        <p id={`${id}-error`} className="w-full text-xs text-destructive" role="alert">
          {t("release.daysInvalid")}
        </p>
      ) : null}
      {kind === "date" ? (
        dateValid ? (
          <p id={`${id}-hint`} className="w-full text-xs text-muted-foreground">
            {t("release.dateHint")}
          </p>
        ) : (
          <p id={`${id}-error`} className="w-full text-xs text-destructive" role="alert">
            {t("release.dateInvalid")}
          </p>
        )
      ) : null}
    </div>
  );
}
