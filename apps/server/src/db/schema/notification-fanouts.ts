import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * notification_fanouts (issue 27 §2, decision 0237): the recipients of a large notification still
 * to be written. `notify` writes the first NOTIFY_FANOUT_CHUNK recipients in the caller's
 * transaction and this row for the rest, in the same transaction (so it exists only if the cause
 * commits); the fan-out worker then writes them a chunk per short transaction, taking `user_ids`
 * from the front and deleting the row when none is left. On PGlite one INSERT of 10,000 rows held
 * the engine (and every request) for ~0.3 s; a chunk holds it for a few milliseconds.
 */
export const notificationFanouts = pgTable(
  "notification_fanouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").notNull(),
    data: jsonb("data").notNull().default({}),
    link: text("link").notNull(),
    collapse: boolean("collapse").notNull().default(false),
    /** Recipients (user ids) not written yet, in order. */
    user_ids: text("user_ids").array().notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notification_fanouts_created_idx").on(t.created_at)],
);
