-- The per-request session cache of the embedded PGlite (issue 17 §13, decision 0213) must forget a
-- session the moment it stops being valid. Every change to the rows the lookup reads — a session
-- updated or deleted (sign-out, revocation, expiry, refresh), a user updated or deleted (name,
-- e-mail, verification), a suspension added or lifted — sends NOTIFY academy_auth (delivered on
-- commit, whichever code path wrote it); the cache drops everything it holds when one arrives.
-- Statement-level triggers: one notification per statement (and per transaction: PostgreSQL folds
-- identical payloads), nothing per row. New sessions need none (an unknown token is never cached).
CREATE OR REPLACE FUNCTION academy_auth_changed() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('academy_auth', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION academy_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION academy_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_suspensions_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_suspensions"
  FOR EACH STATEMENT EXECUTE FUNCTION academy_auth_changed();
