-- Keeps the audit trail append-only: its triggers (drizzle/0008) refuse every UPDATE, DELETE and TRUNCATE.
-- The current text (last changed by 0008): change the function here; src/server/db/functions.ts applies it.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW.id, NEW.actor_email, NEW.action, NEW.target_type, NEW.target_id, NEW.details, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.actor_email, OLD.action, OLD.target_type, OLD.target_id, OLD.details, OLD.created_at)
     AND NEW.actor_user_id IS NULL THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
