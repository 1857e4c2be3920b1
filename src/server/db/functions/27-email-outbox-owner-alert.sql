-- An alert when an e-mail has failed three attempts in a row (the worker keeps retrying it: deliver-emails.ts),
-- queued with the worker's update by a row trigger on email_outbox (drizzle/0029: fires when a failure is
-- recorded). recordFailure keeps attempts as claimed; a release of a message never started lowers them, so the
-- equality below is the third failure itself. Failures while one such alert waits are counted into it
-- (23-enqueue-owner-alert.sql). The kind and the server's error only: no recipient.
CREATE OR REPLACE FUNCTION email_outbox_owner_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.attempts = 3 AND NEW.attempts = 3 THEN
    PERFORM enqueue_owner_alert('email_failing',
      jsonb_build_object('email_kind', NEW.kind, 'error', left(NEW.last_error, 300)));
  END IF;
  RETURN NULL;
END $$;
