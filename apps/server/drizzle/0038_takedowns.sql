ALTER TABLE "courses" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "taken_down_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_reports" ADD COLUMN "kind" text DEFAULT 'report' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_kind_check" CHECK ("content_reports"."kind" in ('report', 'appeal'));--> statement-breakpoint
-- Issue 24 §4: content an admin took down stays down. Every path that publishes (Go Live, bulk
-- actions, the builder, a landing page save) is refused by the services; this trigger is the
-- backstop for any other write.
CREATE OR REPLACE FUNCTION academy_refuse_taken_down() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_published AND NOT coalesce(OLD.is_published, false) AND NEW.taken_down_at IS NOT NULL THEN
    RAISE EXCEPTION 'academy: % % was taken down by an admin', TG_TABLE_NAME, NEW.id
      USING ERRCODE = 'P0001', HINT = 'academy_taken_down';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "courses_taken_down" BEFORE UPDATE OF "is_published" ON "courses"
  FOR EACH ROW EXECUTE FUNCTION academy_refuse_taken_down();--> statement-breakpoint
CREATE TRIGGER "landing_pages_taken_down" BEFORE UPDATE OF "is_published" ON "landing_pages"
  FOR EACH ROW EXECUTE FUNCTION academy_refuse_taken_down();--> statement-breakpoint
-- Content unpublished by an upheld report before this migration counts as taken down.
UPDATE "courses" c SET "taken_down_at" = r.reviewed_at FROM "content_reports" r
 WHERE r.target_type = 'course' AND r.status = 'rejected' AND r.target_id = c.id::text AND NOT c.is_published;--> statement-breakpoint
UPDATE "landing_pages" p SET "taken_down_at" = r.reviewed_at FROM "content_reports" r
 WHERE r.target_type = 'landing_page' AND r.status = 'rejected' AND r.target_id = p.id::text AND NOT p.is_published;
