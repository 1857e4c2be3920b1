-- An alert when a top-up needs the owner: the provider said paid but its answer does not match our record
-- (settle-payment.ts: matchAnswer's 'Mismatch: …', the payment goes pending → failed), or a top-up reported
-- failed or expired was paid late and has now been credited. Queued in the settle transaction by a row trigger on
-- payments (drizzle/0029: fires when the status changes). Our reference and the amount only, never the customer.
CREATE OR REPLACE FUNCTION payments_owner_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.status = 'pending' AND NEW.status = 'failed' AND NEW.status_message LIKE 'Mismatch:%')
     OR (OLD.status IN ('failed', 'expired') AND NEW.status = 'completed') THEN
    PERFORM enqueue_owner_alert('topup_attention',
      jsonb_build_object('reference', NEW.reference, 'amount_kobo', NEW.amount_kobo,
                         'what', CASE WHEN NEW.status = 'completed' THEN 'late_success' ELSE 'mismatch' END,
                         'was', OLD.status,
                         'why', CASE WHEN NEW.status = 'completed' THEN NULL ELSE NEW.status_message END));
  END IF;
  RETURN NULL;
END $$;
