CREATE TABLE "learning_activity" (
	"student_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learning_activity_student_id_course_id_day_hour_pk" PRIMARY KEY("student_id","course_id","day","hour"),
	CONSTRAINT "learning_activity_hour_check" CHECK ("learning_activity"."hour" >= 0 and "learning_activity"."hour" <= 23)
);
--> statement-breakpoint
CREATE TABLE "learning_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "learning_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"enrollment_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"lesson_id" uuid,
	"kind" text NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"score" integer,
	"passed" smallint,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_events_kind_check" CHECK ("learning_events"."kind" in ('open', 'time', 'complete', 'video_end', 'quiz')),
	CONSTRAINT "learning_events_seconds_check" CHECK ("learning_events"."seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "student_goals" (
	"student_id" text PRIMARY KEY NOT NULL,
	"weekly_hours" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_goals_hours_check" CHECK ("student_goals"."weekly_hours" >= 1 and "student_goals"."weekly_hours" <= 100)
);
--> statement-breakpoint
ALTER TABLE "learning_activity" ADD CONSTRAINT "learning_activity_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_activity" ADD CONSTRAINT "learning_activity_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_events" ADD CONSTRAINT "learning_events_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_events" ADD CONSTRAINT "learning_events_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_goals" ADD CONSTRAINT "student_goals_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_activity_course_day_idx" ON "learning_activity" USING btree ("course_id","day");--> statement-breakpoint
CREATE INDEX "learning_events_enrollment_idx" ON "learning_events" USING btree ("enrollment_id","occurred_at");--> statement-breakpoint
CREATE INDEX "learning_events_quiz_idx" ON "learning_events" USING btree ("course_id","lesson_id") WHERE "learning_events"."kind" = 'quiz';