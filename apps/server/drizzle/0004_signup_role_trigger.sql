-- A new account's role comes from the role asked for at sign-up: "student" for accounts made from
-- a course's /join page or an invitation (issue 4, issue 5), creator otherwise (000 §6). Only
-- "student" is honoured from the request; admin is never granted this way.
CREATE OR REPLACE FUNCTION create_profile_for_user() RETURNS trigger AS $$
BEGIN
  INSERT INTO profiles (user_id, full_name, email, role)
  VALUES (
    NEW.id,
    NULLIF(btrim(NEW.name), ''),
    NEW.email,
    CASE WHEN NEW.signup_role = 'student' THEN 'student' ELSE 'creator' END
  )
  ON CONFLICT (user_id) DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
