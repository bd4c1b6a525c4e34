import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/** pre_launch_signups (spec 000 §3): the VIP early-access list; email lower-cased, trimmed and unique. */
export const preLaunchSignups = pgTable(
  "pre_launch_signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("pre_launch_signups_email_key").on(t.email)],
);

/**
 * email_outbox: every e-mail Academy sends (issue 2). A row is written in the request's
 * transaction; a worker delivers it over SMTP (claiming rows with FOR UPDATE SKIP LOCKED, retrying
 * with backoff) or, without SMTP_URL, marks it captured for /dev/mailbox.
 * status: pending | sending | sent | captured | failed.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to_address: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    template: text("template").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    locked_until: timestamp("locked_until", { withTimezone: true }),
    last_error: text("last_error"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    /** Groups the messages of one bulk send (Student Management's bulk e-mail) for its progress. */
    batch_id: uuid("batch_id"),
    /**
     * Extra SMTP headers (issue 27 §2): a non-essential e-mail carries `List-Unsubscribe` and
     * `List-Unsubscribe-Post` (RFC 8058); null for essential e-mail.
     */
    headers: jsonb("headers").$type<Record<string, string>>(),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.next_attempt_at),
    index("email_outbox_created_idx").on(t.created_at.desc()),
    index("email_outbox_batch_idx").on(t.batch_id).where(sql`${t.batch_id} is not null`),
    check(
      "email_outbox_status_check",
      sql`${t.status} in ('pending', 'sending', 'sent', 'captured', 'failed')`,
    ),
  ],
);

/**
 * email_batches (issue 5): one bulk send from Student Management; its id tags the outbox rows
 * (email_outbox.batch_id) so the creator can follow delivery progress.
 */
export const emailBatches = pgTable(
  "email_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email_type: text("email_type").notNull(),
    total: integer("total").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_batches_creator_idx").on(t.creator_id, t.created_at.desc())],
);
