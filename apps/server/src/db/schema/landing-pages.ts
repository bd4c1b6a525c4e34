import { sql } from "drizzle-orm";
import {
  boolean,
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
import { courses } from "./courses.ts";

/**
 * landing_page_templates (spec 001 §3): seeded by a migration. template_data is `{ sections: [...] }`
 * (or, for older templates, keyed blocks) with `translations.vi` holding the Vietnamese name,
 * description and sections.
 */
export const landingPageTemplates = pgTable("landing_page_templates", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  category: text("category").notNull().default("general"),
  preview_image_url: text("preview_image_url"),
  template_data: jsonb("template_data").notNull().default(sql`'{}'::jsonb`),
  style_data: jsonb("style_data").notNull().default(sql`'{}'::jsonb`),
  is_active: boolean("is_active").notNull().default(true),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** landing_pages (spec 001 §3). Slugs are unique across the platform. */
export const landingPages = pgTable(
  "landing_pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    slug: text("slug").notNull(),
    course_id: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    template_id: uuid("template_id").references(() => landingPageTemplates.id, { onDelete: "set null" }),
    content_data: jsonb("content_data").notNull().default(sql`'{"sections":[]}'::jsonb`),
    style_data: jsonb("style_data").notNull().default(sql`'{}'::jsonb`),
    seo_data: jsonb("seo_data").notNull().default(sql`'{}'::jsonb`),
    is_published: boolean("is_published").notNull().default(false),
    /** Issue 24 §4: an admin took the page down; publishing waits for an approved review request. */
    taken_down_at: timestamp("taken_down_at", { withTimezone: true }),
    view_count: integer("view_count").notNull().default(0),
    conversion_count: integer("conversion_count").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("landing_pages_slug_key").on(t.slug),
    index("landing_pages_creator_created_idx").on(t.creator_id, t.created_at.desc()),
  ],
);

/**
 * payment_methods (spec 001 §3). configuration holds the public fields; secret_data the secret
 * fields (accessKey, secretKey, key1, key2) as AES-256-GCM ciphertext (decision 0071).
 */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    landing_page_id: uuid("landing_page_id")
      .notNull()
      .references(() => landingPages.id, { onDelete: "cascade" }),
    method_type: text("method_type").notNull(),
    is_enabled: boolean("is_enabled").notNull().default(true),
    configuration: jsonb("configuration").notNull().default(sql`'{}'::jsonb`),
    secret_data: text("secret_data"),
    display_order: integer("display_order").notNull().default(0),
    /**
     * Removed from the page while payment attempts were still open (decision 0217): hidden from
     * the builder and the checkout, kept so those attempts' callbacks still verify. Re-adding the
     * type restores the same row (and its callback URL).
     */
    archived_at: timestamp("archived_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_methods_page_type_key").on(t.landing_page_id, t.method_type),
    check(
      "payment_methods_type_check",
      sql`${t.method_type} in ('momo', 'zalopay', 'vietqr', 'bank-transfer', 'credit-card', 'cash')`,
    ),
  ],
);

/** landing_page_analytics (spec 001 §3): one row per view or conversion. */
export const landingPageAnalytics = pgTable(
  "landing_page_analytics",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    landing_page_id: uuid("landing_page_id")
      .notNull()
      .references(() => landingPages.id, { onDelete: "cascade" }),
    event_type: text("event_type").notNull(),
    event_data: jsonb("event_data").notNull().default(sql`'{}'::jsonb`),
    visitor_id: text("visitor_id"),
    user_agent: text("user_agent"),
    referrer: text("referrer"),
    device_type: text("device_type"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The visit's channel (issue 12 §3, decision 0216), computed once at insert: the utm_source
     * recorded with the event (lower case), else the referrer's channel — facebook, zalo, tiktok,
     * google or other — or direct when there is no referrer.
     */
    channel: text("channel").generatedAlwaysAs(
      sql`case
        when nullif(event_data->>'utm_source', '') is not null then lower(event_data->>'utm_source')
        when coalesce(referrer, '') = '' then 'direct'
        when referrer ~* '(facebook|fb)\\.' then 'facebook'
        when referrer ~* 'zalo' then 'zalo'
        when referrer ~* 'tiktok' then 'tiktok'
        when referrer ~* 'google\\.' then 'google'
        else 'other'
      end`,
    ),
  },
  (t) => [
    index("landing_page_analytics_page_idx").on(t.landing_page_id, t.created_at),
    check("landing_page_analytics_event_check", sql`${t.event_type} in ('view', 'conversion')`),
  ],
);
