/**
 * Time-zone arithmetic shared by the rules (drip schedules, study-buddy slots): one
 * Intl.DateTimeFormat per zone, made once (making one costs far more than using it; the player,
 * the section-opening job and buddy matching ask for the same few zones again and again).
 */

const formatters = new Map<string, Intl.DateTimeFormat | undefined>();

/** The zone's date-and-time formatter, or undefined for a zone Intl does not know. */
export function zoneFormatter(timeZone: string): Intl.DateTimeFormat | undefined {
  if (formatters.has(timeZone)) return formatters.get(timeZone);
  let formatter: Intl.DateTimeFormat | undefined;
  try {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
  } catch {
    formatter = undefined;
  }
  // Bounded: time zone names come from profiles, a few hundred at most.
  if (formatters.size < 1000) formatters.set(timeZone, formatter);
  return formatter;
}

/**
 * The offset of `timeZone` from UTC at instant `at` (ms since the epoch), in milliseconds
 * (UTC+7 → 25,200,000); 0 for a zone Intl does not know.
 */
export function zoneOffsetMs(at: number, timeZone: string): number {
  const formatter = zoneFormatter(timeZone);
  if (!formatter) return 0;
  const parts = formatter.formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour") % 24, n("minute"), n("second"));
  return local - Math.floor(at / 1000) * 1000;
}
