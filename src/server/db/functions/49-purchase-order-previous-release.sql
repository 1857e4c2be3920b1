-- The previous release's purchase_order(), with 9 arguments (before promo codes: drizzle/0030), as a call of the
-- current one without a code: during an upgrade, the processes still running the previous release (docs/deploy.md
-- §9) sell at the volume price and fill the new columns through the one purchase. Drop it (a migration, and this
-- file) once no release that calls it runs.
CREATE OR REPLACE FUNCTION purchase_order(
  p_user uuid, p_session text, p_key text, p_hash text, p_group uuid, p_quantity integer, p_account uuid,
  p_secret_key_pattern text, p_email_body text
) RETURNS TABLE (outcome text, order_id uuid, balance_kobo bigint, available integer,
                created_at timestamptz, email text, account_details jsonb, account_ids uuid[])
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY SELECT * FROM purchase_order(p_user, p_session, p_key, p_hash, p_group, p_quantity, p_account,
                                            p_secret_key_pattern, p_email_body, NULL::text);
END $$;
