CREATE TABLE "school_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"verification_token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"last_checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_domains_status_check" CHECK ("school_domains"."status" in ('pending', 'verified', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "school_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "favicon_url" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "primary_color" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "accent_color" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "font" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "social_links" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "branded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "school_domains" ADD CONSTRAINT "school_domains_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_slug_redirects" ADD CONSTRAINT "school_slug_redirects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_domains_domain_key" ON "school_domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "school_domains_school_idx" ON "school_domains" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "school_slug_redirects_school_idx" ON "school_slug_redirects" USING btree ("school_id");