-- Folds one product group's committed purchases (stock_count_pending) into product_groups.stock_count, and moves
-- the group's claim start past the accounts no longer available (docs/decisions/011; src/server/modules/stock/
-- stock-count.ts calls it).
-- The current text (last changed by 0018): change the function here; src/server/db/functions.ts applies it.
CREATE OR REPLACE FUNCTION refresh_stock_count(p_group uuid) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_row record;
  v_start record;
  v_folded integer;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  SELECT stock_count, claim_from_created_at, claim_from_id INTO v_row
    FROM product_groups WHERE id = p_group FOR NO KEY UPDATE;
  SELECT a.created_at, a.id INTO v_start FROM individual_accounts a
   WHERE a.product_group_id = p_group AND a.status = 'available'
     AND (a.created_at, a.id) >= (coalesce(v_row.claim_from_created_at, '-infinity'),
                                  coalesce(v_row.claim_from_id, '00000000-0000-0000-0000-000000000000'))
   ORDER BY a.created_at, a.id LIMIT 1;
  IF NOT FOUND THEN
    SELECT a.created_at, a.id INTO v_start FROM individual_accounts a
     WHERE a.product_group_id = p_group AND a.status = 'available'
     ORDER BY a.created_at, a.id LIMIT 1;
  END IF;
  WITH folded AS (DELETE FROM stock_count_pending WHERE product_group_id = p_group RETURNING delta)
  UPDATE product_groups SET stock_count = stock_count + d.sum, updated_at = now(),
         claim_from_created_at = v_start.created_at, claim_from_id = v_start.id
    FROM (SELECT coalesce(sum(delta), 0)::integer AS sum, count(*) AS n FROM folded) d
   WHERE id = p_group AND d.n > 0
  RETURNING stock_count INTO v_folded;
  RETURN coalesce(v_folded, v_row.stock_count);
END $$;
