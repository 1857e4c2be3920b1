-- An alert for each new report of bad accounts (one per order and reason filed in one statement), queued in the
-- report's transaction by a statement trigger on account_reports (drizzle/0029). The customer's note stays out: it
-- is free text and may repeat a password they tried.
CREATE OR REPLACE FUNCTION account_reports_owner_alert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT n.order_id, n.reason, count(*) AS accounts, min(o.account_details ->> 'product_name') AS product
      FROM new_reports n JOIN orders o ON o.id = n.order_id
     GROUP BY n.order_id, n.reason
  LOOP
    PERFORM enqueue_owner_alert('account_reported',
      jsonb_build_object('order_ref', 'ORD-' || upper(left(r.order_id::text, 8)), 'product', r.product,
                         'reason', r.reason, 'accounts', r.accounts));
  END LOOP;
  RETURN NULL;
END $$;
