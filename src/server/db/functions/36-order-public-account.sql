-- One sold account as its order keeps it and the customer's answer shows it: username, e-mail and the public part
-- of additional_info (plain values whose key does not match p_secret_key_pattern, SECRET_KEY in
-- src/shared/catalogue.ts, which the purchase passes in). purchase_order() and purchase_orders() both call it.
-- A table function of one row, not a scalar one: its body needs a FROM (PostgreSQL inlines a scalar SQL function
-- only when it is a bare expression), and a LANGUAGE sql, non-volatile table function without SET clauses is
-- inlined into the calling statement (CROSS JOIN LATERAL), so the purchase's plans stay as they were
-- (scripts/bench/PERFORMANCE-LOG.md, "Shared purchase helpers").
CREATE OR REPLACE FUNCTION order_public_account(
  p_username text, p_email text, p_info jsonb, p_secret_key_pattern text
) RETURNS TABLE (account jsonb) LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT jsonb_build_object(
           'username', p_username,
           'email', p_email,
           'additional_info', coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb))
    FROM jsonb_each(p_info) e
   WHERE e.key !~* p_secret_key_pattern
     AND jsonb_typeof(e.value) IN ('string', 'number', 'boolean')
$$;
