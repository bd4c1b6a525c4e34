CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"student_id" text,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_requests_status_check" CHECK ("refund_requests"."status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "course_drafts" ADD COLUMN "guarantee_days" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "guarantee_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guarantee_days" integer;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_order_key" ON "refund_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refund_requests_pending_idx" ON "refund_requests" USING btree ("created_at") WHERE "refund_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_guarantee_days_check" CHECK ("courses"."guarantee_days" is null or "courses"."guarantee_days" between 1 and 90);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_guarantee_days_check" CHECK ("orders"."guarantee_days" is null or "orders"."guarantee_days" between 1 and 90);