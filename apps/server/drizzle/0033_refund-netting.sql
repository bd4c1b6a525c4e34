ALTER TABLE "orders" ADD COLUMN "refunds_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "succeeded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "refunds_netting_idx" ON "refunds" USING btree ("succeeded_at","order_id") WHERE "refunds"."status" = 'succeeded' and "refunds"."attempt_id" is null;--> statement-breakpoint
-- Issue 23 §7: a refund nets out of revenue on the day its money went back. The trigger stamps
-- that moment whatever code path settles the refund.
CREATE OR REPLACE FUNCTION academy_refund_succeeded_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'succeeded' AND NEW.succeeded_at IS NULL THEN
    NEW.succeeded_at := now();
  ELSIF NEW.status <> 'succeeded' THEN
    NEW.succeeded_at := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "refunds_succeeded_at" BEFORE INSERT OR UPDATE OF "status", "succeeded_at" ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION academy_refund_succeeded_at();--> statement-breakpoint
UPDATE "refunds" SET "succeeded_at" = "updated_at" WHERE "status" = 'succeeded';--> statement-breakpoint
-- Orders refunded before refunds had their own rows get one, so every netting reads refunds only.
INSERT INTO "refunds" ("order_id", "through", "amount", "currency", "status", "reason", "succeeded_at", "created_at", "updated_at")
SELECT o.id, 'manual', o.amount - coalesce(r.done, 0), o.currency, 'succeeded', 'recorded before refund history',
       coalesce(o.refunded_at, o.updated_at), coalesce(o.refunded_at, o.updated_at), coalesce(o.refunded_at, o.updated_at)
  FROM "orders" o
  LEFT JOIN (SELECT order_id, sum(amount) AS done FROM "refunds"
              WHERE status = 'succeeded' AND attempt_id IS NULL GROUP BY order_id) r ON r.order_id = o.id
 WHERE o.status = 'refunded' AND o.amount - coalesce(r.done, 0) > 0;
