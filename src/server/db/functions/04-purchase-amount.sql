-- What an order of p_quantity accounts at p_price_kobo each costs, written once: purchase_order() and
-- purchase_orders() both call it (the debit, the order's amount, the balance check and the ledger row). A plain
-- immutable SQL expression, so PostgreSQL inlines it into their statements and it costs them nothing.
CREATE OR REPLACE FUNCTION purchase_amount(p_price_kobo bigint, p_quantity integer)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_price_kobo * p_quantity
$$;
