-- The top-up rollup's changes (payments/topup-hours.tables.ts): every insert, update or delete of payments appends
-- what it moved, per hour started (UTC) and status, to topup_hour_changes: minus the old rows, plus the new. One
-- statement trigger per operation, with its transition tables (drizzle/0033). Append-only, so two top-ups settling
-- at once never wait on one row; fold_topup_hours() (52) sums the changes into topup_hours.
CREATE OR REPLACE FUNCTION payments_topup_hours() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO topup_hour_changes (hour, status, payments, amount_kobo)
      SELECT date_trunc('hour', created_at, 'UTC'), status, count(*), sum(amount_kobo)
        FROM new_payments GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO topup_hour_changes (hour, status, payments, amount_kobo)
      SELECT date_trunc('hour', created_at, 'UTC'), status, -count(*), -sum(amount_kobo)
        FROM old_payments GROUP BY 1, 2;
  ELSE
    -- Most updates (a check's attempt count, a provider answer) move nothing: only rows whose hour, status or
    -- amount changed are counted out of their old place and into the new.
    INSERT INTO topup_hour_changes (hour, status, payments, amount_kobo)
      SELECT hour, status, sum(n), sum(a) FROM (
        SELECT date_trunc('hour', o.created_at, 'UTC') AS hour, o.status, -1 AS n, -o.amount_kobo AS a
          FROM old_payments o JOIN new_payments p ON p.id = o.id
         WHERE (o.created_at, o.status, o.amount_kobo) IS DISTINCT FROM (p.created_at, p.status, p.amount_kobo)
        UNION ALL
        SELECT date_trunc('hour', p.created_at, 'UTC'), p.status, 1, p.amount_kobo
          FROM old_payments o JOIN new_payments p ON p.id = o.id
         WHERE (o.created_at, o.status, o.amount_kobo) IS DISTINCT FROM (p.created_at, p.status, p.amount_kobo)
      ) moved GROUP BY 1, 2;
  END IF;
  RETURN NULL;
END $$;
