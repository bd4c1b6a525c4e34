import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * security_events (issue 25 item 7): one row per security-relevant event of an account — a sign-in
 * from a new device, a change of where money is paid (payment methods, seller details), two-factor
 * changes (added by the 2FA work). `details` is a small JSON object that never holds secrets
 * (lib/security-events.ts removes keys named like secrets before writing). `ip` is the /24 (IPv4)
 * or /48 (IPv6) network, never the full address. Rows go with the account (cascade).
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    details: jsonb("details").notNull().default({}),
    ip: text("ip"),
    user_agent: text("user_agent"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("security_events_user_idx").on(t.user_id, t.created_at.desc()),
    index("security_events_created_idx").on(t.created_at.desc(), t.id),
  ],
);

/**
 * user_devices (issue 25 item 7): the devices an account has signed in from, as a SHA-256 of the
 * user agent and the /24 network (`device_key`). A sign-in whose key is not here is "from a new
 * device"; an account's first recorded sign-in only registers its device (nothing to compare with).
 */
export const userDevices = pgTable(
  "user_devices",
  {
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    device_key: text("device_key").notNull(),
    first_seen_at: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.device_key] })],
);
