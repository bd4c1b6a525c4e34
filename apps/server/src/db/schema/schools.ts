import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { schools } from "./courses.ts";

/**
 * school_slug_redirects (issue 15 §4): an old slug of a renamed school, answering 301 to the
 * school's current address until `expires_at` (90 days after the rename). An old slug is unique;
 * it is freed when it expires or when its school takes it back.
 */
export const schoolSlugRedirects = pgTable(
  "school_slug_redirects",
  {
    old_slug: text("old_slug").primaryKey(),
    school_id: uuid("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("school_slug_redirects_school_idx").on(t.school_id)],
);

/**
 * school_domains (issue 15 §3): a custom domain of a school. Verified by a TXT record
 * `_academy.{domain}` holding `verification_token` and a CNAME to the app's host. status
 * pending | verified | failed (`failure_reason` says why). A domain belongs to one school.
 */
export const schoolDomains = pgTable(
  "school_domains",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    school_id: uuid("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    verification_token: text("verification_token").notNull(),
    status: text("status").notNull().default("pending"),
    failure_reason: text("failure_reason"),
    last_checked_at: timestamp("last_checked_at", { withTimezone: true }),
    verified_at: timestamp("verified_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("school_domains_domain_key").on(t.domain),
    index("school_domains_school_idx").on(t.school_id),
    check("school_domains_status_check", sql`${t.status} in ('pending', 'verified', 'failed')`),
  ],
);
