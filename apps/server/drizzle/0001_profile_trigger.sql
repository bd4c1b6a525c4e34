-- Every user gets a profile in the same transaction as the user row (issue 2, spec 001 §3 Profile).
-- A trigger, not an application hook: better-auth runs its "after create" hooks after commit, and
-- a trigger also covers accounts made through Google sign-in. Role is creator by default (000 §6).
CREATE OR REPLACE FUNCTION create_profile_for_user() RETURNS trigger AS $$
BEGIN
  INSERT INTO profiles (user_id, full_name, email, role)
  VALUES (NEW.id, NULLIF(btrim(NEW.name), ''), NEW.email, 'creator')
  ON CONFLICT (user_id) DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_create_profile AFTER INSERT ON "user"
  FOR EACH ROW EXECUTE FUNCTION create_profile_for_user();
--> statement-breakpoint
-- Keep the profile's e-mail and name in step with the account.
CREATE OR REPLACE FUNCTION sync_profile_from_user() RETURNS trigger AS $$
BEGIN
  UPDATE profiles
     SET email = NEW.email,
         full_name = COALESCE(NULLIF(btrim(NEW.name), ''), full_name),
         updated_at = now()
   WHERE user_id = NEW.id
     AND (email IS DISTINCT FROM NEW.email OR full_name IS DISTINCT FROM NULLIF(btrim(NEW.name), ''));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_sync_profile AFTER UPDATE OF email, name ON "user"
  FOR EACH ROW EXECUTE FUNCTION sync_profile_from_user();
