CREATE TABLE "course_learners" (
	"course_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	CONSTRAINT "course_learners_course_id_student_id_pk" PRIMARY KEY("course_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "course_learners" ADD CONSTRAINT "course_learners_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_learners" ADD CONSTRAINT "course_learners_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The students who studied each course so far (decision 0241), from the rollup as it is; the
-- state row is locked first so no rollup pass runs in between, as in migration 0030.
SELECT 1 FROM learning_rollup_state WHERE id = 1 FOR UPDATE;--> statement-breakpoint
INSERT INTO course_learners (course_id, student_id)
  SELECT DISTINCT course_id, student_id FROM learning_days WHERE seconds > 0
  ON CONFLICT DO NOTHING;
