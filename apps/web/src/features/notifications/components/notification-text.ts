import type { Notification } from "@academy/shared";
import type { TFunction } from "i18next";

/** The key under `items.` for a notification (its type, and for some types the event). */
function itemKey(n: Notification): string {
  const event = n.data.event;
  switch (n.type) {
    case "study_group":
      return event === "session" ? "study_group_session" : "study_group_joined";
    case "buddy":
      return event === "accepted" ? "buddy_accepted" : "buddy_request";
    case "order_paid":
      return event === "sale" ? "order_paid_sale" : "order_paid_purchase";
    case "moderation":
      return ["removed", "hidden", "kept", "restored", "appeal_declined"].includes(event ?? "")
        ? `moderation_${event}`
        : "moderation_removed";
    default:
      return n.type;
  }
}

/** A notification's one-line text in the UI language, written from its data (issue 27 §2). */
export function notificationText(t: TFunction<"notifications">, n: Notification): string {
  const what = t(`moderated.${n.data.reference ?? "content"}`, { defaultValue: t("moderated.content") });
  return t(`items.${itemKey(n)}`, {
    defaultValue: t("items.fallback"),
    actor: n.data.actorName?.trim() || t("someone"),
    title: n.data.title ?? "",
    course: n.data.courseTitle ?? "",
    rating: n.data.rating ?? "",
    what,
  });
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "5 minutes ago" / "5 phút trước" (Intl.RelativeTimeFormat in the UI language); "now" under a minute. */
export function relativeTime(iso: string, lng: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(lng, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, "second");
}
