import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { courses } from "./courses.ts";

/**
 * discussions (spec 000 §2 Student community, §3 discussion shape; issue 13): a thread in a
 * course (course_id set: its enrolled students and its creator) or in a school (course_id null:
 * the school's creator and every student of one of its courses). creator_id is the school's
 * creator (the moderator). body is markdown, body_html its sanitised rendering. tags_text is the
 * tags joined by spaces (kept by the service) so search_fold = academy_fold(title + tags) is a
 * plain stored column. upvote_count and reply_count are kept in the same transaction as the row
 * they count. answer_reply_id is the reply marked as the answer (solved).
 */
export const discussions = pgTable(
  "discussions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    course_id: uuid("course_id").references(() => courses.id, { onDelete: "cascade" }),
    /** Set for a study group's discussion (its members only; issue 13 §3). */
    group_id: uuid("group_id").references(() => studyGroups.id, { onDelete: "cascade" }),
    author_id: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    body_html: text("body_html").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    tags_text: text("tags_text").notNull().default(""),
    search_fold: text("search_fold").generatedAlwaysAs(sql`academy_fold(title || ' ' || tags_text)`),
    is_pinned: boolean("is_pinned").notNull().default(false),
    is_locked: boolean("is_locked").notNull().default(false),
    answer_reply_id: uuid("answer_reply_id"),
    upvote_count: integer("upvote_count").notNull().default(0),
    reply_count: integer("reply_count").notNull().default(0),
    /**
     * Distinct signed-in people other than the author who opened the thread (issue 27 §4, decision
     * 0233): one discussion_views row each; kept in the same statement as the row it counts.
     */
    view_count: integer("view_count").notNull().default(0),
    /** Hidden by a moderator (the school's creator or an admin, issue 24 §4): only its author still sees it. */
    hidden_at: timestamp("hidden_at", { withTimezone: true }),
    last_activity_at: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("discussions_course_activity_idx").on(t.course_id, t.last_activity_at.desc()),
    index("discussions_creator_activity_idx").on(t.creator_id, t.last_activity_at.desc()),
    index("discussions_author_created_idx").on(t.author_id, t.created_at),
    index("discussions_tags_idx").using("gin", t.tags),
    index("discussions_group_activity_idx").on(t.group_id, t.last_activity_at.desc()),
    /** A course's list (pinned first, most active): the first page reads 20 index entries. */
    index("discussions_course_pinned_activity_idx")
      .on(t.course_id, t.is_pinned.desc(), t.last_activity_at.desc(), t.id.desc())
      .where(sql`${t.group_id} is null`),
    /** A course's list sorted newest / most upvoted (pinned first): the first page reads 20 entries (decision 0193). */
    index("discussions_course_pinned_created_idx")
      .on(t.course_id, t.is_pinned.desc(), t.created_at.desc(), t.id.desc())
      .where(sql`${t.group_id} is null`),
    index("discussions_course_pinned_upvoted_idx")
      .on(t.course_id, t.is_pinned.desc(), t.upvote_count.desc(), t.last_activity_at.desc(), t.id.desc())
      .where(sql`${t.group_id} is null`),
    check("discussions_title_length_check", sql`char_length(${t.title}) between 1 and 200`),
    check("discussions_body_length_check", sql`char_length(${t.body}) between 1 and 10000`),
    check(
      "discussions_counts_check",
      sql`${t.upvote_count} >= 0 and ${t.reply_count} >= 0 and ${t.view_count} >= 0`,
    ),
  ],
);

/** discussion_replies (issue 13): one level of replies to a discussion; markdown + sanitised HTML. */
export const discussionReplies = pgTable(
  "discussion_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    discussion_id: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    author_id: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    body_html: text("body_html").notNull(),
    /** Hidden by a moderator (issue 24 §4): only its author still sees it; not in reply_count. */
    hidden_at: timestamp("hidden_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("discussion_replies_discussion_created_idx").on(t.discussion_id, t.created_at),
    index("discussion_replies_author_created_idx").on(t.author_id, t.created_at),
    check("discussion_replies_body_length_check", sql`char_length(${t.body}) between 1 and 10000`),
  ],
);

/** discussion_upvotes (issue 13): at most one upvote per discussion and user (the primary key). */
export const discussionUpvotes = pgTable(
  "discussion_upvotes",
  {
    discussion_id: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.discussion_id, t.user_id] })],
);

/**
 * discussion_views (issue 27 §4, decision 0233): who has opened a discussion (not its author); at
 * most one row per discussion and user (the primary key), so a view counts once per person.
 */
export const discussionViews = pgTable(
  "discussion_views",
  {
    discussion_id: uuid("discussion_id")
      .notNull()
      .references(() => discussions.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.discussion_id, t.user_id] })],
);

/**
 * community_preferences (issue 13): reply_emails turns the reply digest off; last_digest_at is
 * when the last digest was written (at most one an hour).
 */
export const communityPreferences = pgTable("community_preferences", {
  user_id: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  reply_emails: boolean("reply_emails").notNull().default(true),
  last_digest_at: timestamp("last_digest_at", { withTimezone: true }),
});

/**
 * achievement_awards (issue 13 §4): an achievement (packages/shared rules/achievements.ts id)
 * awarded once to a user; awarded_at is the date shown.
 */
export const achievementAwards = pgTable(
  "achievement_awards",
  {
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    achievement: text("achievement").notNull(),
    awarded_at: timestamp("awarded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.achievement] })],
);

/**
 * achievement_shares (issue 27 §4, decision 0234): an earned achievement its owner chose to share.
 * share_id is 22 random url-safe characters (128 bits), the only key of the public page
 * /achievements/{share_id}; one row per user and achievement. Stopping sharing deletes the row (the
 * page then answers 404); sharing again makes a new id.
 */
export const achievementShares = pgTable(
  "achievement_shares",
  {
    share_id: text("share_id").primaryKey(),
    user_id: text("user_id").notNull(),
    achievement: text("achievement").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("achievement_shares_user_achievement_key").on(t.user_id, t.achievement),
    // Losing the award (or the account) ends the share.
    foreignKey({
      name: "achievement_shares_award_fk",
      columns: [t.user_id, t.achievement],
      foreignColumns: [achievementAwards.user_id, achievementAwards.achievement],
    }).onDelete("cascade"),
  ],
);

/**
 * study_groups (spec 000 §2 Study Groups, §3 study group shape; issue 13 §3): a group of a
 * course's members. owner_id created it; visibility open (any member of the course joins) or
 * invite (joining needs invite_token, 32 random url-safe characters). member_count is kept in the
 * same transaction as study_group_members, under the group's row lock, never above capacity.
 */
export const studyGroups = pgTable(
  "study_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    course_id: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    owner_id: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    capacity: integer("capacity").notNull(),
    visibility: text("visibility").notNull().default("open"),
    invite_token: text("invite_token").notNull(),
    member_count: integer("member_count").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("study_groups_course_idx").on(t.course_id, t.created_at.desc()),
    uniqueIndex("study_groups_invite_token_key").on(t.invite_token),
    check("study_groups_visibility_check", sql`${t.visibility} in ('open', 'invite')`),
    check("study_groups_capacity_check", sql`${t.capacity} between 2 and 100`),
    check(
      "study_groups_member_count_check",
      sql`${t.member_count} >= 0 and ${t.member_count} <= ${t.capacity}`,
    ),
  ],
);

/** study_group_members (issue 13 §3): one row per group and member. */
export const studyGroupMembers = pgTable(
  "study_group_members",
  {
    group_id: uuid("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    user_id: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    joined_at: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.group_id, t.user_id] }),
    index("study_group_members_user_idx").on(t.user_id),
  ],
);

/** study_group_sessions (issue 13 §3): a scheduled meeting (instant, minutes, optional link). */
export const studyGroupSessions = pgTable(
  "study_group_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    group_id: uuid("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    starts_at: timestamp("starts_at", { withTimezone: true }).notNull(),
    duration_minutes: integer("duration_minutes").notNull().default(60),
    link: text("link"),
    created_by: text("created_by").references(() => user.id, { onDelete: "set null" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("study_group_sessions_group_idx").on(t.group_id, t.starts_at),
    check("study_group_sessions_duration_check", sql`${t.duration_minutes} between 5 and 600`),
  ],
);
