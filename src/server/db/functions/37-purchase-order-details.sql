-- An order's account_details, written once: what the order keeps of its product and price (so its history reads
-- the same after the group changes: the unit price paid, the list price, and the promo code with its discount when
-- one was used) and its accounts' public details (order_public_account(), aggregated in claim order).
-- purchase_order() and purchase_orders() store it and return it as the answer's order (p_promo_code NULL: no code). Inlined by PostgreSQL (a bare STABLE expression: jsonb_build_object is stable), so it
-- costs the purchase nothing. One object built either way: appending the code's keys with || rebuilt the whole
-- object, its accounts included (callgrind figures: scripts/bench/PERFORMANCE-LOG.md, "Session 22").
DROP FUNCTION IF EXISTS purchase_order_details(text, text, integer, bigint, jsonb);
CREATE OR REPLACE FUNCTION purchase_order_details(
  p_product text, p_category text, p_quantity integer, p_price_kobo bigint, p_list_price_kobo bigint,
  p_promo_code text, p_discount_kobo bigint, p_accounts jsonb
) RETURNS jsonb LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_promo_code IS NULL
              THEN jsonb_build_object('product_name', p_product, 'category', p_category, 'quantity', p_quantity,
                                      'price_per_unit_kobo', p_price_kobo, 'list_price_per_unit_kobo', p_list_price_kobo,
                                      'accounts', p_accounts)
              ELSE jsonb_build_object('product_name', p_product, 'category', p_category, 'quantity', p_quantity,
                                      'price_per_unit_kobo', p_price_kobo, 'list_price_per_unit_kobo', p_list_price_kobo,
                                      'promo_code', p_promo_code, 'discount_kobo', p_discount_kobo,
                                      'accounts', p_accounts) END
$$;
