-- Moves the top-up rollup's pending changes (51) into topup_hours and their shop days into topup_days, in one
-- statement: a reader summing the changes with either table sees every change once, before or after. Called when
-- the Overview is read; a fold already running makes this one return at once (the advisory lock), its changes are
-- folded by that one or the next.
CREATE OR REPLACE FUNCTION fold_topup_hours() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('fold_topup_hours')) THEN RETURN; END IF;
  WITH moved AS (DELETE FROM topup_hour_changes RETURNING hour, status, payments, amount_kobo),
  hours AS (
    INSERT INTO topup_hours AS t (hour, status, payments, amount_kobo)
      SELECT hour, status, sum(payments), sum(amount_kobo) FROM moved GROUP BY 1, 2
    ON CONFLICT (hour, status) DO UPDATE
      SET payments = t.payments + excluded.payments, amount_kobo = t.amount_kobo + excluded.amount_kobo
  )
  INSERT INTO topup_days AS d (day, status, payments, amount_kobo)
    SELECT date_trunc('day', hour, 'Africa/Lagos'), status, sum(payments), sum(amount_kobo) FROM moved GROUP BY 1, 2
  ON CONFLICT (day, status) DO UPDATE
    SET payments = d.payments + excluded.payments, amount_kobo = d.amount_kobo + excluded.amount_kobo;
END $$;
