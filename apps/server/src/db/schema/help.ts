import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { courses } from "./courses.ts";

/**
 * faq_entries (issue 14 Help Center): questions and answers in both languages, managed by admins.
 * audience: all | creator | student; category: getting-started | courses | certificates |
 * payments | account.
 */
export const faqEntries = pgTable(
  "faq_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    audience: text("audience").notNull().default("all"),
    category: text("category").notNull().default("getting-started"),
    question_en: text("question_en").notNull(),
    answer_en: text("answer_en").notNull(),
    question_vi: text("question_vi").notNull(),
    answer_vi: text("answer_vi").notNull(),
    sort_order: integer("sort_order").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("faq_entries_audience_check", sql`${t.audience} in ('all', 'creator', 'student')`)],
);

/** guides (issue 14 Help Center): pages written in markdown (rendered sanitised), per audience. */
export const guides = pgTable(
  "guides",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    audience: text("audience").notNull().default("creator"),
    title_en: text("title_en").notNull(),
    body_en: text("body_en").notNull(),
    title_vi: text("title_vi").notNull(),
    body_vi: text("body_vi").notNull(),
    sort_order: integer("sort_order").notNull().default(0),
    /** Admins publish and unpublish guides (issue 14); the seeded ones are published. */
    is_published: boolean("is_published").notNull().default(true),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("guides_slug_key").on(t.slug),
    check("guides_audience_check", sql`${t.audience} in ('all', 'creator', 'student')`),
  ],
);

/**
 * support_tickets (spec 001 §3, §4 Tickets; issue 14): kind "platform" goes to the admins, kind
 * "instructor" from a student to the creator of one of their courses (instructor_id).
 * status open → pending → resolved (new ones open); priority low | medium | high.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    requester_id: text("requester_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    instructor_id: text("instructor_id").references(() => user.id, { onDelete: "cascade" }),
    course_id: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    priority: text("priority").notNull().default("medium"),
    status: text("status").notNull().default("open"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("support_tickets_requester_idx").on(t.requester_id, t.updated_at.desc()),
    index("support_tickets_instructor_idx").on(t.instructor_id, t.updated_at.desc()),
    index("support_tickets_kind_idx").on(t.kind, t.updated_at.desc()),
    check("support_tickets_kind_check", sql`${t.kind} in ('platform', 'instructor')`),
    check("support_tickets_priority_check", sql`${t.priority} in ('low', 'medium', 'high')`),
    check("support_tickets_status_check", sql`${t.status} in ('open', 'pending', 'resolved')`),
  ],
);

/** ticket_replies: the thread of a support ticket, oldest first. */
export const ticketReplies = pgTable(
  "ticket_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticket_id: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    author_id: text("author_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ticket_replies_ticket_idx").on(t.ticket_id, t.created_at)],
);

/**
 * feature_requests (spec 001 §3, §4; issue 14 Roadmap): status under-review → planned →
 * in-progress → completed (set by admins); vote_count is kept equal to the rows of feature_votes
 * under the request's row lock.
 */
export const featureRequests = pgTable(
  "feature_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    author_id: text("author_id").references(() => user.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    status: text("status").notNull().default("under-review"),
    vote_count: integer("vote_count").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("feature_requests_votes_idx").on(t.vote_count.desc(), t.created_at.desc()),
    check(
      "feature_requests_category_check",
      sql`${t.category} in ('features', 'analytics', 'mobile', 'integration', 'ui-ux')`,
    ),
    check(
      "feature_requests_status_check",
      sql`${t.status} in ('under-review', 'planned', 'in-progress', 'completed')`,
    ),
    check("feature_requests_vote_count_check", sql`${t.vote_count} >= 0`),
  ],
);

/** feature_votes: one vote per user and feature request. */
export const featureVotes = pgTable(
  "feature_votes",
  {
    request_id: uuid("request_id")
      .notNull()
      .references(() => featureRequests.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.request_id, t.user_id] })],
);
