-- What one order costs, and whether its promo code applies: the volume price (06), then the code's terms and its
-- discount (07). purchase_order() charges what this returns, and the checkout's quote (quote_order(), 42) shows it,
-- so the screen and the charge cannot disagree. Refusals are the codes of src/shared/promotions.ts PROMO_REFUSALS.
-- The code's uses are only read here; purchase_order() counts the redemption (redeem_promo_code(), 09), exactly,
-- under the code row's lock, and purchase_orders() (41) counts its batch's, having locked the row before calling
-- this. Its uses per customer are exact too: the purchase holds the buyer's wallet row (a batch has one purchase per
-- buyer), so one customer's purchases run one at a time, and each statement here sees the one before it committed.
CREATE OR REPLACE FUNCTION price_order(
  p_user uuid, p_group uuid, p_category text, p_list_kobo bigint, p_volume_prices jsonb, p_quantity integer,
  p_code text
) RETURNS TABLE (outcome text, promo_code_id uuid, unit_price_kobo bigint, list_amount_kobo bigint,
                subtotal_kobo bigint, discount_kobo bigint, amount_kobo bigint)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_unit bigint := unit_price_kobo(p_list_kobo, p_volume_prices, p_quantity);
  v_subtotal bigint := v_unit * p_quantity;
  v_code record;
  v_used integer;
  v_discount bigint;
BEGIN
  IF p_code IS NULL THEN
    RETURN QUERY SELECT 'ok', NULL::uuid, v_unit, p_list_kobo * p_quantity, v_subtotal, 0::bigint, v_subtotal; RETURN;
  END IF;
  SELECT c.id, c.starts_at, c.ends_at, c.scope, c.category_id, c.product_group_id, c.max_uses, c.uses,
         c.max_uses_per_customer, c.min_order_kobo, c.percent_off, c.amount_off_kobo INTO v_code
    FROM promo_codes c WHERE c.code = upper(p_code);
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'promo_unknown', NULL::uuid, v_unit, 0::bigint, 0::bigint, 0::bigint, 0::bigint; RETURN;
  END IF;
  IF now() < v_code.starts_at THEN
    RETURN QUERY SELECT 'promo_not_started', v_code.id, v_unit, 0::bigint, 0::bigint, 0::bigint, 0::bigint; RETURN;
  END IF;
  IF v_code.ends_at IS NOT NULL AND now() >= v_code.ends_at THEN
    RETURN QUERY SELECT 'promo_expired', v_code.id, v_unit, 0::bigint, 0::bigint, 0::bigint, 0::bigint; RETURN;
  END IF;
  IF (v_code.scope = 'category' AND v_code.category_id IS DISTINCT FROM p_category)
     OR (v_code.scope = 'product_group' AND v_code.product_group_id IS DISTINCT FROM p_group) THEN
    RETURN QUERY SELECT 'promo_not_applicable', v_code.id, v_unit, 0::bigint, 0::bigint, 0::bigint, 0::bigint; RETURN;
  END IF;
  IF v_code.max_uses IS NOT NULL AND v_code.uses >= v_code.max_uses THEN
    RETURN QUERY SELECT 'promo_used_up', v_code.id, v_unit, 0::bigint, 0::bigint, 0::bigint, 0::bigint; RETURN;
  END IF;
  IF v_code.max_uses_per_customer IS NOT NULL THEN
    SELECT count(*) INTO v_used FROM orders o WHERE o.promo_code_id = v_code.id AND o.user_id = p_user;
    IF v_used >= v_code.max_uses_per_customer THEN
      RETURN QUERY SELECT 'promo_customer_limit', v_code.id, v_unit, 0::bigint, 0::bigint, 0::bigint, 0::bigint; RETURN;
    END IF;
  END IF;
  -- The minimum is of the subtotal at the volume price (what the order costs before the code).
  IF v_subtotal < v_code.min_order_kobo THEN
    RETURN QUERY SELECT 'promo_minimum_not_met', v_code.id, v_unit, 0::bigint, 0::bigint, 0::bigint, 0::bigint; RETURN;
  END IF;
  v_discount := promo_discount_kobo(v_subtotal, v_code.percent_off, v_code.amount_off_kobo);
  RETURN QUERY SELECT 'ok', v_code.id, v_unit, p_list_kobo * p_quantity, v_subtotal, v_discount, v_subtotal - v_discount;
END $$;
