-- Issue 16 item 1: a full name is at most 120 characters on every path that sets it (the sign-up
-- rule), so no certificate can carry a 100,000-character name. NOT VALID: rows written before
-- the rule are kept (certificates cut such names when rendering); every new write is checked.
ALTER TABLE "user" ADD CONSTRAINT "user_name_length" CHECK (char_length("name") <= 120) NOT VALID;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_full_name_length" CHECK (char_length("full_name") <= 120) NOT VALID;
