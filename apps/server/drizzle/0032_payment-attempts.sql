CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_method_id" uuid,
	"provider" text NOT NULL,
	"attempt_no" integer NOT NULL,
	"provider_order_id" text NOT NULL,
	"provider_ref" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'creating' NOT NULL,
	"pay_url" text,
	"provider_transaction_id" text,
	"paid_amount" integer,
	"provider_expires_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_provider_check" CHECK ("payment_attempts"."provider" in ('momo', 'zalopay', 'stripe')),
	CONSTRAINT "payment_attempts_status_check" CHECK ("payment_attempts"."status" in ('creating', 'open', 'paid', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt_id" uuid,
	"through" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"reason" text,
	"failure_reason" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_through_check" CHECK ("refunds"."through" in ('momo', 'zalopay', 'stripe', 'manual', 'provider_portal')),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_student_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "student_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "tax_code" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "business_address" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flag_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flag_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_provider_order_key" ON "payment_attempts" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_order_no_key" ON "payment_attempts" USING btree ("order_id","attempt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_provider_txn_key" ON "payment_attempts" USING btree ("provider","provider_transaction_id") WHERE "payment_attempts"."provider_transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("provider_expires_at") WHERE "payment_attempts"."status" in ('creating', 'open');--> statement-breakpoint
CREATE INDEX "payment_attempts_ref_idx" ON "payment_attempts" USING btree ("provider_ref") WHERE "payment_attempts"."provider_ref" is not null;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("through","provider_refund_id") WHERE "refunds"."provider_refund_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_flag_open_idx" ON "orders" USING btree ("course_id") WHERE "orders"."flagged" and "orders"."flag_resolved_at" is null;--> statement-breakpoint
-- Orders already sent to MoMo / ZaloPay before attempts existed: their provider ids were the bare
-- reference (MoMo orderId) and yymmdd_REFERENCE (ZaloPay, the order's creation date in Vietnam
-- time), so their callbacks and re-queries still find them (decision 0217).
INSERT INTO "payment_attempts" ("order_id", "payment_method_id", "provider", "attempt_no", "provider_order_id", "amount", "currency", "status", "provider_expires_at")
SELECT o."id", o."payment_method_id", CASE o."method" WHEN 'momo' THEN 'momo' ELSE 'zalopay' END, 1,
  CASE o."method" WHEN 'momo' THEN o."reference"
    ELSE to_char(o."created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh', 'YYMMDD') || '_' || o."reference" END,
  o."amount", o."currency", 'open', greatest(o."expires_at", now()) + interval '1 hour'
FROM "orders" o
WHERE o."status" = 'pending' AND o."method" IN ('momo', 'zalopay') AND o."payment_method_id" IS NOT NULL;
