/**
 * The web app's local analytics record (spec 000 §3 "Local diagnostic records", §9 "Local logs":
 * analytics capped at 1000 entries) and the batches it sends to the server (issue 27 §4,
 * decision 0234): the names and limits, without zod, so the web app's entry (which keeps the
 * record from its first page) does not carry the schema library (issue 17 §14 budget; the
 * schemas are in ../schemas/client-events.ts).
 *
 * Only these names are recorded and accepted. They are what the browser sees; the server's own
 * learning events (learning_events: open, time, complete, video_end, quiz) stay the only source of
 * study time, completion and quiz figures — client events are stored beside them
 * (client_events) and never summed into those figures, so nothing is counted twice.
 */
export const CLIENT_EVENT_NAMES = [
  "page_view",
  "lesson_opened",
  "lesson_completed",
  "quiz_submitted",
  "video_played",
  "achievement_shared",
] as const;
export type ClientEventName = (typeof CLIENT_EVENT_NAMES)[number];

/** Entries the browser keeps (spec 000 §9: analytics at 1000). */
export const CLIENT_EVENT_LOG_MAX = 1000;
/** Events per batch the server accepts (and the browser sends). */
export const CLIENT_EVENT_BATCH_MAX = 50;
/** Batches an account may send per CLIENT_EVENT_RATE_WINDOW_SECONDS. */
export const CLIENT_EVENT_BATCHES_PER_WINDOW = 30;
export const CLIENT_EVENT_RATE_WINDOW_SECONDS = 600;
/** An event's properties, serialized, at most this many characters. */
export const CLIENT_EVENT_PROPERTIES_MAX = 2000;
