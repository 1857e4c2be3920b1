-- An alert for each completed order at or above the owner's threshold, queued in the purchase's own transaction by
-- a statement trigger on orders (drizzle/0029): one INSERT for a whole batch of purchases, none when switched off.
-- Only what the owner acts on: our order reference (as on the ledger row), product, quantity, amount. Never the
-- customer or the accounts' details (account_details also holds their usernames and e-mails).
CREATE OR REPLACE FUNCTION orders_owner_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO owner_alerts (kind, details)
  SELECT 'order_completed',
         jsonb_build_object('order_ref', 'ORD-' || upper(left(o.id::text, 8)),
                            'product', o.account_details ->> 'product_name',
                            'quantity', o.quantity, 'amount_kobo', o.amount_kobo)
    FROM new_orders o LEFT JOIN owner_alert_settings s ON s.id = 1 -- no row yet: every kind on, every order
   WHERE NOT ('order_completed' = ANY (coalesce(s.disabled_kinds, '{}')))
     AND o.status = 'completed' AND o.amount_kobo >= coalesce(s.min_order_kobo, 0);
  RETURN NULL;
END $$;
