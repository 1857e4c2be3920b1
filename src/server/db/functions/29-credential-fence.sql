-- The credential fence (auth/credential-change.ts states the rule): a grant (a session, its step-up, a pending
-- two-factor sign-in, an e-mail token) carries users.credential_version as it was when the credential was checked,
-- and is refused here when the account's version has moved since. FOR SHARE waits for a credential change that
-- holds the row (it bumps the version first) and then reads its new version; a grant that took the share first
-- makes the change wait until it is committed, and the change's deletes then see it. A null version (the previous
-- release, during an upgrade) means the current one: a window that closes when the column becomes NOT NULL.
CREATE OR REPLACE FUNCTION credential_fence() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_current integer;
BEGIN
  SELECT credential_version INTO v_current FROM users WHERE id = NEW.user_id FOR SHARE;
  IF NOT FOUND THEN
    RETURN NEW; -- the foreign key refuses it
  END IF;
  IF NEW.credential_version IS NULL THEN
    NEW.credential_version := v_current;
  ELSIF NEW.credential_version <> v_current THEN
    RAISE EXCEPTION 'credential changed: % granted under version %, the account is at %',
      TG_TABLE_NAME, NEW.credential_version, v_current USING ERRCODE = 'CF001';
  END IF;
  RETURN NEW;
END $$;
