import { z } from "zod";

/**
 * The web app's local analytics record (spec 000 §3 "Local diagnostic records", §9 "Local logs":
 * analytics capped at 1000 entries) and the batches it sends to the server (issue 27 §4,
 * decision 0234).
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

const propertyValue = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);

/**
 * One analytics record: a client-made id (UUID, the de-duplication key), the event name, its
 * properties (flat: strings up to 500 characters, numbers, booleans; at most 20 keys, and at most
 * CLIENT_EVENT_PROPERTIES_MAX characters as JSON; the page address and referrer go here) and the
 * ISO timestamp it happened at.
 */
export const clientEventSchema = z.object({
  id: z.uuid(),
  name: z.enum(CLIENT_EVENT_NAMES),
  properties: z
    .record(z.string().max(40), propertyValue)
    .refine((p) => Object.keys(p).length <= 20, "Too many properties")
    .refine((p) => JSON.stringify(p).length <= CLIENT_EVENT_PROPERTIES_MAX, "Properties too large"),
  timestamp: z.iso.datetime(),
});
export type ClientEvent = z.infer<typeof clientEventSchema>;

/** POST /api/learning/client-events: 1 to CLIENT_EVENT_BATCH_MAX events. */
export const clientEventBatchSchema = z.object({
  events: z.array(clientEventSchema).min(1).max(CLIENT_EVENT_BATCH_MAX),
});
export type ClientEventBatch = z.infer<typeof clientEventBatchSchema>;

/** accepted: newly stored; duplicates: ids already stored for this account (ignored). */
export const clientEventBatchResultSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
});
export type ClientEventBatchResult = z.infer<typeof clientEventBatchResultSchema>;
