-- The tables the purchase writes carry no CHECK on a single column: each became the column's type, a domain
-- (issue 16, docs/decisions/011 "Session 13"). PostgreSQL re-reads every CHECK of a table from its stored text
-- at each INSERT or UPDATE statement, whichever columns it writes; on the purchase that was about a fifth of its
-- instructions. A domain's check is kept parsed per connection and runs only for the columns a statement writes.
-- The rules are the same as before, value for value; the closed unions' values are those of src/shared/
-- (src/server/db/domains.test.ts compares them). The ledger's two rules across columns become one immutable
-- function, stored as one call. individual_accounts_sold_has_order stays an inline CHECK: as a function it saved
-- the purchase nothing, and the CSV import would pay a function call for every row.
-- custom SQL (keep when regenerating)
CREATE DOMAIN account_status AS text
  CHECK (VALUE IN ('available', 'reserved', 'sold', 'replaced', 'refunded'));
CREATE DOMAIN order_status AS text
  CHECK (VALUE IN ('completed', 'processing', 'failed', 'pending'));
CREATE DOMAIN transaction_type AS text
  CHECK (VALUE IN ('topup', 'purchase', 'ADMIN_CREDIT', 'ADMIN_DEBIT', 'refund'));
CREATE DOMAIN transaction_status AS text
  CHECK (VALUE IN ('completed', 'pending', 'failed'));
CREATE DOMAIN outbox_status AS text
  CHECK (VALUE IN ('pending', 'sending', 'sent', 'failed'));
CREATE DOMAIN non_negative_kobo AS bigint CHECK (VALUE >= 0);
CREATE DOMAIN positive_quantity AS integer CHECK (VALUE > 0);
CREATE DOMAIN lowercase_email AS text CHECK (VALUE = lower(VALUE));

-- A ledger entry's rules across columns: credits (top-up, admin credit, refund) are positive, debits (purchase,
-- admin debit) negative; a refund, and only a refund, links its report and its order.
CREATE FUNCTION transaction_is_consistent(p_type text, p_amount_kobo bigint, p_report uuid, p_order uuid)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN ((p_type IN ('topup', 'ADMIN_CREDIT', 'refund') AND p_amount_kobo > 0)
          OR (p_type IN ('purchase', 'ADMIN_DEBIT') AND p_amount_kobo < 0))
     AND (p_type = 'refund') = (p_report IS NOT NULL AND p_order IS NOT NULL);
END $$;

ALTER TABLE users
  DROP CONSTRAINT users_email_lowercase,
  DROP CONSTRAINT users_wallet_not_negative,
  ALTER COLUMN email TYPE lowercase_email,
  ALTER COLUMN wallet_balance_kobo TYPE non_negative_kobo;
ALTER TABLE individual_accounts
  DROP CONSTRAINT individual_accounts_status,
  ALTER COLUMN status TYPE account_status;
ALTER TABLE orders
  DROP CONSTRAINT orders_status,
  DROP CONSTRAINT orders_quantity_positive,
  DROP CONSTRAINT orders_amount_not_negative,
  ALTER COLUMN status TYPE order_status,
  ALTER COLUMN quantity TYPE positive_quantity,
  ALTER COLUMN amount_kobo TYPE non_negative_kobo;
ALTER TABLE transactions
  DROP CONSTRAINT transactions_type,
  DROP CONSTRAINT transactions_status,
  DROP CONSTRAINT transactions_balance_after_not_negative,
  DROP CONSTRAINT transactions_sign_matches_type,
  DROP CONSTRAINT transactions_refund_linked,
  ALTER COLUMN type TYPE transaction_type,
  ALTER COLUMN status TYPE transaction_status,
  ALTER COLUMN balance_after_kobo TYPE non_negative_kobo,
  ADD CONSTRAINT transactions_consistent CHECK (transaction_is_consistent(type, amount_kobo, report_id, order_id));
ALTER TABLE email_outbox
  DROP CONSTRAINT email_outbox_status,
  ALTER COLUMN status TYPE outbox_status;
