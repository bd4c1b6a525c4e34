import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * instance_keys: one fingerprint per shared secret (issue 16 item 9, decision 0164), written by the
 * first server that starts on the database. Every later server compares its own keys and refuses
 * to start when one differs, naming the variable. `name` is the environment variable
 * (AUTH_SECRET, ENCRYPTION_KEY); `fingerprint` a one-way scrypt digest (hex), never the key.
 */
export const instanceKeys = pgTable("instance_keys", {
  name: text("name").primaryKey(),
  fingerprint: text("fingerprint").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
