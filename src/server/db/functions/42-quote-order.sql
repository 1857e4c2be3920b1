-- The checkout's quote (POST /api/orders/quote): what purchase_order() would charge for this order now, by the same
-- functions it calls (the group's checks, order_quantity_allowed(), price_order()), so the screen and the charge
-- cannot disagree. Reads only: nothing is claimed, nothing redeemed.
CREATE OR REPLACE FUNCTION quote_order(p_user uuid, p_group uuid, p_quantity integer, p_code text)
RETURNS TABLE (outcome text, list_price_kobo bigint, unit_price_kobo bigint, list_amount_kobo bigint,
               subtotal_kobo bigint, discount_kobo bigint, amount_kobo bigint)
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  v_group record;
  v_price record;
BEGIN
  SELECT g.price_kobo, g.volume_prices, g.category_id, g.min_order_quantity, g.max_order_quantity INTO v_group
    FROM product_groups g JOIN categories c ON c.id = g.category_id
   WHERE g.id = p_group AND g.is_active AND c.is_active;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found', 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint; RETURN;
  END IF;
  IF NOT order_quantity_allowed(p_quantity, v_group.min_order_quantity, v_group.max_order_quantity) THEN
    RETURN QUERY SELECT 'quantity_not_allowed', 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint; RETURN;
  END IF;
  SELECT * INTO v_price FROM price_order(p_user, p_group, v_group.category_id, v_group.price_kobo,
                                         v_group.volume_prices, p_quantity, p_code);
  RETURN QUERY SELECT v_price.outcome, v_group.price_kobo, v_price.unit_price_kobo, v_price.list_amount_kobo,
                      v_price.subtotal_kobo, v_price.discount_kobo, v_price.amount_kobo;
END $$;
