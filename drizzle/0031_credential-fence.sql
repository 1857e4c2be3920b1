ALTER TABLE "email_tokens" ADD COLUMN "credential_version" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "credential_version" integer;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD COLUMN "credential_version" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credential_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every session alive now was granted under version 0, the version every account starts at.
UPDATE "sessions" SET "credential_version" = 0;--> statement-breakpoint
-- The fence's first version (its current text: src/server/db/functions/29-credential-fence.sql).
CREATE OR REPLACE FUNCTION credential_fence() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_current integer;
BEGIN
  SELECT credential_version INTO v_current FROM users WHERE id = NEW.user_id FOR SHARE;
  IF NOT FOUND THEN
    RETURN NEW;
  END IF;
  IF NEW.credential_version IS NULL THEN
    NEW.credential_version := v_current;
  ELSIF NEW.credential_version <> v_current THEN
    RAISE EXCEPTION 'credential changed: % granted under version %, the account is at %',
      TG_TABLE_NAME, NEW.credential_version, v_current USING ERRCODE = 'CF001';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_credential_fence BEFORE INSERT OR UPDATE OF step_up_at, credential_version ON "sessions" FOR EACH ROW EXECUTE FUNCTION credential_fence();--> statement-breakpoint
CREATE TRIGGER sign_in_challenges_credential_fence BEFORE INSERT ON "sign_in_challenges" FOR EACH ROW EXECUTE FUNCTION credential_fence();--> statement-breakpoint
CREATE TRIGGER email_tokens_credential_fence BEFORE INSERT ON "email_tokens" FOR EACH ROW EXECUTE FUNCTION credential_fence();
