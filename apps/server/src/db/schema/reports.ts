import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * content_reports (issues 13 and 14): one report by a user about a piece of content. The
 * community uses it for discussions and replies (the course creator's moderation queue); the
 * Admin Panel's Content Library shows every report (discussions, courses, landing pages,
 * materials). owner_id is the creator responsible for the content (their queue); status moves
 * pending → approved (content kept) | rejected (content removed/hidden).
 */
export const contentReports = pgTable(
  "content_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** discussion | discussion_reply | course | landing_page | material | course_review */
    target_type: text("target_type").notNull(),
    /**
     * "report" (someone reports content) or "appeal" (issue 24 §4: the owner of a course or landing
     * page an admin took down asks for a review; approving it lets them publish again).
     */
    kind: text("kind").notNull().default("report"),
    target_id: text("target_id").notNull(),
    owner_id: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    reporter_id: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    /** The reporter's own words beside the reason (the Report dialog's details, issue 14). */
    details: text("details"),
    status: text("status").notNull().default("pending"),
    reviewed_by: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    review_note: text("review_note"),
    reviewed_at: timestamp("reviewed_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("content_reports_owner_status_idx").on(t.owner_id, t.status, t.created_at),
    index("content_reports_status_idx").on(t.status, t.created_at),
    index("content_reports_target_idx").on(t.target_type, t.target_id),
    check(
      "content_reports_target_type_check",
      sql`${t.target_type} in ('discussion', 'discussion_reply', 'course', 'landing_page', 'material', 'course_review')`,
    ),
    check("content_reports_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("content_reports_kind_check", sql`${t.kind} in ('report', 'appeal')`),
  ],
);

/**
 * content_reviews (issue 27 §4, decision 0234): an admin's last decision in the Content Library on
 * a course, landing page or material — approved or rejected (with the reason the owner was
 * e-mailed). No row = pending review; a course or landing page whose updated_at is later than
 * reviewed_at is pending again. A rejection takes the item down (taken_down_at, as a hidden
 * report does); an approval lifts it.
 */
export const contentReviews = pgTable(
  "content_reviews",
  {
    /** course | landing_page | material */
    target_type: text("target_type").notNull(),
    target_id: uuid("target_id").notNull(),
    status: text("status").notNull(),
    reason: text("reason"),
    reviewed_by: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    reviewed_at: timestamp("reviewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.target_type, t.target_id] }),
    check(
      "content_reviews_target_type_check",
      sql`${t.target_type} in ('course', 'landing_page', 'material')`,
    ),
    check("content_reviews_status_check", sql`${t.status} in ('approved', 'rejected')`),
  ],
);
