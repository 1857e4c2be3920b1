-- A purchase's ledger row, written once (columns in the order of the INSERT that takes it): the debit, the wallet
-- balance after it, the text customers see ('Purchase: 2 × Name') and the reference of SPEC.md §7, 'ORD-' and the
-- order id's first 8 characters, uppercased (not unique: transactions_order_key keeps one row per order). A free
-- order moves no money and writes none (no row). purchase_order() and purchase_orders() both insert it; a table
-- function PostgreSQL inlines (LANGUAGE sql, not volatile, no SET), so the batch's INSERT keeps its plan.
CREATE OR REPLACE FUNCTION purchase_ledger_entry(
  p_user uuid, p_order uuid, p_product text, p_quantity integer, p_amount_kobo bigint, p_balance_after_kobo bigint
) RETURNS TABLE (user_id uuid, type text, amount_kobo bigint, balance_after_kobo bigint, description text,
                 reference text, status text, order_id uuid)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT p_user, 'purchase', -p_amount_kobo, p_balance_after_kobo,
         'Purchase: ' || p_quantity || ' × ' || p_product, 'ORD-' || upper(left(p_order::text, 8)),
         'completed', p_order
   WHERE p_amount_kobo > 0
$$;
