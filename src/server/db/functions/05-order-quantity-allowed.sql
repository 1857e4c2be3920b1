-- The per-order quantity rule of a product group, written once: an order holds at least its group's
-- min_order_quantity accounts and at most its max_order_quantity (null: no limit of the group's own; MAX_QUANTITY
-- in src/shared/orders.ts still applies). purchase_order() and purchase_orders() both call it; a plain immutable
-- SQL expression, so PostgreSQL inlines it into their statements and it costs them nothing.
CREATE OR REPLACE FUNCTION order_quantity_allowed(p_quantity integer, p_min integer, p_max integer)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p_quantity >= p_min AND (p_max IS NULL OR p_quantity <= p_max)
$$;
