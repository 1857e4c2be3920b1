-- An order's credentials e-mail as queued (columns in the order of the INSERT that takes it): "send this order's
-- credentials", with p_body the placeholder the outbox worker renders after commit (CREDENTIALS_EMAIL_PLACEHOLDER,
-- src/server/modules/orders/credentials-email.ts), so nothing is decrypted in the purchase and the outbox never
-- holds credentials in clear. purchase_order(), purchase_orders() and the customer's "send it again"
-- (enqueueCredentialsEmail) all queue it through here: the kind and subject are written only here. Inlined by
-- PostgreSQL (a table function in LANGUAGE sql, not volatile, no SET).
CREATE OR REPLACE FUNCTION order_credentials_email(p_user uuid, p_order uuid, p_to text, p_body text)
RETURNS TABLE (kind text, to_address text, subject text, text_body text, user_id uuid, order_id uuid)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'order_credentials', p_to, 'Your account credentials (order ' || left(p_order::text, 8) || ')', p_body,
         p_user, p_order
$$;
