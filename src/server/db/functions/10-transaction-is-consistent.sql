-- A ledger entry's rules across columns, read by the transactions table's CHECK (drizzle/0017 made it a function:
-- one stored call instead of the expression's text, re-read at every write). Credits (top-up, admin credit, refund,
-- referral reward) are positive, debits (purchase, admin debit) negative; a refund, and only a refund, links its report and order.
-- The type names are src/shared/wallet.ts's closed union (src/server/db/domains.test.ts compares them).
-- The current text (last changed for referral rewards, issue 41): change the function here; src/server/db/functions.ts applies it.
CREATE OR REPLACE FUNCTION transaction_is_consistent(p_type text, p_amount_kobo bigint, p_report uuid, p_order uuid)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN ((p_type IN ('topup', 'ADMIN_CREDIT', 'refund', 'referral_reward') AND p_amount_kobo > 0)
          OR (p_type IN ('purchase', 'ADMIN_DEBIT') AND p_amount_kobo < 0))
     AND (p_type = 'refund') = (p_report IS NOT NULL AND p_order IS NOT NULL);
END $$;
