CREATE TABLE "learning_rollup_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"applied" "pg_snapshot" NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_rollup_state_one_row" CHECK ("learning_rollup_state"."id" = 1)
);
--> statement-breakpoint
-- Decision 0214: existing events keep a null tx (their rollups were written with them); only new
-- rows get the default, so adding the column does not rewrite the table.
ALTER TABLE "learning_events" ADD COLUMN "tx" "xid8";--> statement-breakpoint
ALTER TABLE "learning_events" ALTER COLUMN "tx" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "learning_events_tx_idx" ON "learning_events" USING btree ("tx") WHERE "learning_events"."tx" is not null;--> statement-breakpoint
-- Every event so far is in the rollups: the applier starts from this snapshot.
INSERT INTO "learning_rollup_state" ("id", "applied") VALUES (1, pg_current_snapshot());--> statement-breakpoint
-- Statistics for the new column, so the applier's range scan on tx is planned on the index at once.
ANALYZE "learning_events";
