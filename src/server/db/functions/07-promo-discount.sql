-- THE PRICING RULE, stated once (docs/decisions/027-volume-prices-and-promo-codes.md; PRICING_RULE in
-- src/shared/volume-prices.ts says it in words): the volume price first, so p_subtotal_kobo is the tier's unit price
-- × quantity (unit_price_kobo(), 06); then the promo code off that subtotal: a percentage rounded down to whole kobo,
-- or a fixed amount; never more than the subtotal, so the price paid (subtotal − discount) is never below zero.
-- price_order() (08) is its only caller, for the purchase and the checkout's quote alike.
CREATE OR REPLACE FUNCTION promo_discount_kobo(p_subtotal_kobo bigint, p_percent_off integer, p_amount_off_kobo bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(p_subtotal_kobo, coalesce(p_subtotal_kobo * p_percent_off / 100, p_amount_off_kobo, 0))
$$;
