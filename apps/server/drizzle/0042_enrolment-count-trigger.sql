-- courses.enrollment_count is the number of the course's paid enrolments (payment_status
-- 'completed'), kept by this trigger on every insert, delete and status change (issue 24 §5,
-- decision 0229): the public "N students" equals the enrolments Student Management and Analytics
-- count, whatever code path (enrol, grant, leave, refund, account deletion) changed them.
CREATE OR REPLACE FUNCTION academy_enrollment_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.payment_status = NEW.payment_status AND OLD.course_id = NEW.course_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.payment_status = 'completed' THEN
    UPDATE courses SET enrollment_count = greatest(enrollment_count - 1, 0) WHERE id = OLD.course_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.payment_status = 'completed' THEN
    UPDATE courses SET enrollment_count = enrollment_count + 1 WHERE id = NEW.course_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_count AFTER INSERT OR DELETE OR UPDATE OF payment_status, course_id ON enrollments
  FOR EACH ROW EXECUTE FUNCTION academy_enrollment_count();
--> statement-breakpoint
UPDATE courses c SET enrollment_count = (
  SELECT count(*) FROM enrollments e WHERE e.course_id = c.id AND e.payment_status = 'completed'
);
