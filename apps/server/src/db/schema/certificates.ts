import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { courses } from "./courses.ts";
import { enrollments } from "./enrollments.ts";

/**
 * certificates (issue 4): issued when every lesson of an enrolment is complete. `id` is the short
 * public certificate code (verification page /certificates/{id}); names and titles are kept as
 * they were at issue time.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: text("id").primaryKey(),
    enrollment_id: uuid("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    student_id: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    course_id: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    student_name: text("student_name").notNull(),
    course_title: text("course_title").notNull(),
    school_name: text("school_name"),
    completion_date: timestamp("completion_date", { withTimezone: true }).notNull(),
    issued_at: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("certificates_enrollment_key").on(t.enrollment_id),
    index("certificates_student_idx").on(t.student_id),
  ],
);
