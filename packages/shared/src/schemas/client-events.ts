import { z } from "zod";

import {
  CLIENT_EVENT_BATCH_MAX,
  CLIENT_EVENT_NAMES,
  CLIENT_EVENT_PROPERTIES_MAX,
} from "../rules/client-events.ts";

/**
 * The schemas of the web app's local analytics record and of the batches it sends (issue 27 §4,
 * decision 0234); the names and limits are in ../rules/client-events.ts.
 */
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
