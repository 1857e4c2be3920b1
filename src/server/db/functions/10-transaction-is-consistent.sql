-- A ledger entry's rules across columns, read by the transactions table's CHECK (drizzle/0017 made it a function:
-- one stored call instead of the expression's text, re-read at every write). Credits (top-up, admin credit, refund,
-- referral reward) are positive, debits (purchase, admin debit) negative; a refund links its order, and a report only
-- on a refund: a reported account's refund links its report, a supplier's refusal refunds the whole order without one
-- (issue 54, docs/decisions/034). Loosened, never tightened: the previous release's refunds (with report) still pass.
-- The type names are src/shared/wallet.ts's closed union (src/server/db/domains.test.ts compares them).
-- The current text (last changed for supplier refunds, issue 54): change the function here; src/server/db/functions.ts applies it.
CREATE OR REPLACE FUNCTION transaction_is_consistent(p_type text, p_amount_kobo bigint, p_report uuid, p_order uuid)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN ((p_type IN ('topup', 'ADMIN_CREDIT', 'refund', 'referral_reward') AND p_amount_kobo > 0)
          OR (p_type IN ('purchase', 'ADMIN_DEBIT') AND p_amount_kobo < 0))
     AND (p_type <> 'refund' OR p_order IS NOT NULL)
     AND (p_report IS NULL OR (p_type = 'refund' AND p_order IS NOT NULL));
END $$;
