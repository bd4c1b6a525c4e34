import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * student_invitations (spec 000 §3, §7 send-student-invitation; issue 5). A creator invites an
 * e-mail address into one or more of their published courses. `invitation_token` is 32 random
 * bytes (base64url), unguessable; usable while status is "pending" and expires_at (7 days after
 * creation) is in the future. Accepting enrols the account into every course in `course_ids`
 * and sets status "accepted", accepted_by and accepted_at. status: pending | accepted | revoked.
 */
export const studentInvitations = pgTable(
  "student_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creator_id: text("creator_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    invitation_token: text("invitation_token").notNull(),
    course_ids: uuid("course_ids").array().notNull(),
    message: text("message"),
    status: text("status").notNull().default("pending"),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    accepted_by: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    accepted_at: timestamp("accepted_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("student_invitations_token_key").on(t.invitation_token),
    index("student_invitations_creator_idx").on(t.creator_id, t.created_at.desc()),
    check("student_invitations_status_check", sql`${t.status} in ('pending', 'accepted', 'revoked')`),
  ],
);
