-- What one order costs, and whether its promo code applies: the volume price (06), then the code's terms and its
-- discount (07). purchase_order() charges what this returns, and the checkout's quote (quote_order(), 42) shows it,
-- so the screen and the charge cannot disagree. Refusals are the codes of src/shared/promotions.ts PROMO_REFUSALS.
-- The code's uses are only read here; purchase_order() counts the redemption (redeem_promo_code(), 09), exactly,
-- under the code row's lock, and purchase_orders() (41) counts its batch's, having locked the row before calling
-- this. Its uses per customer are exact too: the purchase holds the buyer's wallet row (a batch has one purchase per
-- buyer), so one customer's purchases run one at a time, and each statement here sees the one before it committed.
-- A plain SQL function, one SELECT and no SET, so PostgreSQL inlines it into the statement that calls it: the batch
-- (41) prices its code purchases in its own statement, each row's code terms read by one join, not by one call each
-- (callgrind, batches of 50, every purchase with a code: 1,563k instructions per purchase as PL/pgSQL, 1,495k
-- inlined; scripts/bench/PERFORMANCE-LOG.md, "Session 22"). The OFFSET 0 fences keep each step a step: without them
-- the planner copies the outcome's CASE into every column that reads it, and a row pays for it five times.
-- With no code it is the volume price × quantity, which purchase_order() (40) and the batch compute without it:
-- its join and fences cost a purchase alone more to start than they save.
CREATE OR REPLACE FUNCTION price_order(
  p_user uuid, p_group uuid, p_category text, p_list_kobo bigint, p_volume_prices jsonb, p_quantity integer,
  p_code text
) RETURNS TABLE (outcome text, promo_code_id uuid, unit_price_kobo bigint, list_amount_kobo bigint,
                subtotal_kobo bigint, discount_kobo bigint, amount_kobo bigint)
LANGUAGE sql STABLE
AS $$
  SELECT r.outcome, r.id, r.unit,
         CASE WHEN r.outcome = 'ok' THEN purchase_amount(p_list_kobo, p_quantity) ELSE 0 END,
         CASE WHEN r.outcome = 'ok' THEN r.subtotal ELSE 0 END,
         CASE WHEN r.outcome = 'ok' THEN r.discount ELSE 0 END,
         CASE WHEN r.outcome = 'ok' THEN r.subtotal - r.discount ELSE 0 END
    FROM (SELECT u.unit, u.subtotal, c.id,
                 coalesce(promo_discount_kobo(u.subtotal, c.percent_off, c.amount_off_kobo), 0) AS discount,
                 -- The code's terms, in this order; the first one it fails is the refusal.
                 CASE
                   WHEN p_code IS NULL THEN 'ok'
                   WHEN c.id IS NULL THEN 'promo_unknown'
                   WHEN now() < c.starts_at THEN 'promo_not_started'
                   WHEN c.ends_at IS NOT NULL AND now() >= c.ends_at THEN 'promo_expired'
                   WHEN (c.scope = 'category' AND c.category_id IS DISTINCT FROM p_category)
                     OR (c.scope = 'product_group' AND c.product_group_id IS DISTINCT FROM p_group)
                     THEN 'promo_not_applicable'
                   WHEN c.max_uses IS NOT NULL AND c.uses >= c.max_uses THEN 'promo_used_up'
                   WHEN c.max_uses_per_customer IS NOT NULL
                    AND (SELECT count(*) FROM orders o WHERE o.promo_code_id = c.id AND o.user_id = p_user)
                        >= c.max_uses_per_customer
                     THEN 'promo_customer_limit'
                   -- The minimum is of the subtotal at the volume price (what the order costs before the code).
                   WHEN u.subtotal < c.min_order_kobo THEN 'promo_minimum_not_met'
                   ELSE 'ok'
                 END AS outcome
            FROM (SELECT v.unit, purchase_amount(v.unit, p_quantity) AS subtotal
                    FROM (SELECT unit_price_kobo(p_list_kobo, p_volume_prices, p_quantity) AS unit OFFSET 0) v
                  OFFSET 0) u
            LEFT JOIN promo_codes c ON c.code = upper(p_code)
          OFFSET 0) r
$$;
