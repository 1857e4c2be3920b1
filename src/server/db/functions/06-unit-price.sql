-- The volume price rule of a product group, written once: an order of p_quantity accounts pays, for each, the price of
-- the highest tier it reaches (product_groups.volume_prices: [{"minQuantity": n, "priceKobo": x}, ...]), or the list
-- price when it reaches none. purchase_order() (through price_order(), 08) and purchase_orders() both call it; the
-- screens' copy is unitPriceFor() in src/shared/volume-prices.ts, held to it by modules/orders/pricing.test.ts.
-- PostgreSQL does not inline it (its body holds a subquery): each place it is written is a call that starts a small
-- plan (about 36k instructions), so its callers compute it once per purchase (PERFORMANCE-LOG.md, "Session 22").
CREATE OR REPLACE FUNCTION unit_price_kobo(p_list_kobo bigint, p_volume_prices jsonb, p_quantity integer)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_volume_prices = '[]'::jsonb THEN p_list_kobo
              ELSE coalesce((SELECT (t ->> 'priceKobo')::bigint FROM jsonb_array_elements(p_volume_prices) t
                              WHERE (t ->> 'minQuantity')::integer <= p_quantity
                              ORDER BY (t ->> 'minQuantity')::integer DESC LIMIT 1), p_list_kobo) END
$$;
