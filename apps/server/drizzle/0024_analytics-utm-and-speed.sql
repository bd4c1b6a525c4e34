CREATE TABLE "creator_learning_days" (
	"creator_id" text NOT NULL,
	"day" date NOT NULL,
	"student_id" text NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "creator_learning_days_creator_id_day_student_id_pk" PRIMARY KEY("creator_id","day","student_id")
);
--> statement-breakpoint
CREATE TABLE "learning_days" (
	"student_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learning_days_student_id_course_id_day_pk" PRIMARY KEY("student_id","course_id","day")
);
--> statement-breakpoint
DROP INDEX "learning_activity_course_day_idx";--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "landing_page_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "creator_learning_days" ADD CONSTRAINT "creator_learning_days_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_learning_days" ADD CONSTRAINT "creator_learning_days_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_days" ADD CONSTRAINT "learning_days_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_days" ADD CONSTRAINT "learning_days_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_days_course_day_idx" ON "learning_days" USING btree ("course_id","day","student_id","seconds");--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_landing_page_id_landing_pages_id_fk" FOREIGN KEY ("landing_page_id") REFERENCES "public"."landing_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_course_paid_idx" ON "orders" USING btree ("course_id","paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_course_refunded_idx" ON "orders" USING btree ("course_id","refunded_at") WHERE "orders"."status" = 'refunded';--> statement-breakpoint
CREATE INDEX "learning_activity_course_day_idx" ON "learning_activity" USING btree ("course_id","day","hour","seconds");--> statement-breakpoint
-- Backfill the daily rollups from the hourly one (decision 0185): the same sums per student, course and day,
-- and per creator, day and student.
INSERT INTO "learning_days" ("student_id", "course_id", "day", "seconds", "events")
SELECT "student_id", "course_id", "day", sum("seconds"), sum("events") FROM "learning_activity"
GROUP BY "student_id", "course_id", "day";--> statement-breakpoint
INSERT INTO "creator_learning_days" ("creator_id", "day", "student_id", "seconds", "events")
SELECT c."creator_id", a."day", a."student_id", sum(a."seconds"), sum(a."events")
FROM "learning_activity" a JOIN "courses" c ON c."id" = a."course_id"
GROUP BY c."creator_id", a."day", a."student_id";
