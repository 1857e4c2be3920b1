-- THE PURCHASE: one customer's purchase, whole, in one call and one transaction (docs/decisions/011). Its steps are
-- numbered below: session and wallet row, idempotency key, group and price (volume price, promo code), balance, claim,
-- the code's redemption, order, debit and ledger row, accounts sold, credentials e-mail, stock count change. src/server/modules/orders/purchase.ts calls it; a
-- purchase the batch (41-purchase-orders.sql) deferred comes here for its exact answer.
-- The rules it shares with the batch are written once, in functions of their own that both call: the quantity per
-- order (05), the unit price at a quantity (06), the amount (04), an account's public details (36), the order's
-- details (37), the ledger row (38) and the credentials e-mail (39); the promo code's price and terms (price_order(),
-- 08; the batch counts its uses set-wise, under the same row lock as redeem_promo_code(), 09). p_promo_code was added with volume prices and promo codes
-- (drizzle/0030: the 9-argument one stays for the previous release's processes until a later migration drops it).
-- Change the function here; src/server/db/functions.ts applies it.
CREATE OR REPLACE FUNCTION purchase_order(
  p_user uuid, p_session text, p_key text, p_hash text, p_group uuid, p_quantity integer, p_account uuid,
  p_secret_key_pattern text, p_email_body text, p_promo_code text
) RETURNS TABLE (outcome text, order_id uuid, balance_kobo bigint, available integer,
                created_at timestamptz, email text, account_details jsonb, account_ids uuid[])
LANGUAGE plpgsql
-- Generic plans from the first call: PostgreSQL otherwise re-plans a statement on every call when a plan for the
-- call's own values looks cheaper, and planning was a sixth of the purchase's CPU (perf, session 10).
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_email text;
  v_balance bigint;
  v_earlier record;
  v_group record;
  v_amount bigint;
  v_price record;
  v_ids uuid[];
  v_accounts jsonb;
  v_order uuid := gen_random_uuid();
  v_details jsonb;
  v_from_created_at timestamptz;
  v_from_id uuid;
BEGIN
  -- 1. The buyer's session, still open, and the buyer's wallet row, locked: this customer's purchases (and
  --    retries of one key) run one at a time, so the balance read here is the balance debited below, and a
  --    retry waits for the first attempt. The session is checked here, in the purchase's own transaction, so
  --    the server may answer the route's access check from a session it remembers (sessions.ts): a session
  --    ended anywhere (sign-out, password change or reset, account deletion, another process) buys nothing.
  SELECT u.email, u.wallet_balance_kobo INTO v_email, v_balance
    FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.token_hash = p_session AND s.user_id = p_user AND s.expires_at > now()
     FOR NO KEY UPDATE OF u;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unauthenticated', NULL::uuid, 0::bigint, 0, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;
  --    The session again, in a statement of its own (a fresh snapshot): had the wallet row been held, the query
  --    above re-checked the row's new version but kept the session row it had found, which the holder may have
  --    deleted (a password change or reset, an account deletion: drizzle/0021).
  PERFORM 1 FROM sessions s WHERE s.token_hash = p_session AND s.user_id = p_user AND s.expires_at > now();
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unauthenticated', NULL::uuid, 0::bigint, 0, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;

  -- 2. Idempotency: one order per (customer, key); the same key with another body is refused. Found by the key,
  --    through orders_idempotency_key_user; the customer is compared with IS NOT DISTINCT FROM, which no index
  --    serves, so the (user_id, created_at) index is never a candidate (drizzle/0022 says why).
  SELECT o.id, o.request_hash INTO v_earlier FROM orders o
   WHERE o.idempotency_key = p_key AND o.user_id IS NOT DISTINCT FROM p_user;
  IF FOUND THEN
    IF v_earlier.request_hash IS DISTINCT FROM p_hash THEN
      RETURN QUERY SELECT 'idempotency_mismatch', NULL::uuid, v_balance, 0, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
    END IF;
    RETURN QUERY SELECT 'replayed', v_earlier.id, v_balance, 0, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;

  -- 3. The product group: active, in an active category. stock_count may still be above the truth by the
  --    purchases not yet folded in, never below, so it only fails fast; the claim in step 5 is the real guard.
  SELECT g.id, g.name, g.price_kobo, g.stock_count, c.name AS category,
         g.min_order_quantity, g.max_order_quantity, g.category_id, g.volume_prices,
         coalesce(g.claim_from_created_at, '-infinity') AS claim_from_created_at,
         coalesce(g.claim_from_id, '00000000-0000-0000-0000-000000000000') AS claim_from_id INTO v_group
    FROM product_groups g JOIN categories c ON c.id = g.category_id
   WHERE g.id = p_group AND g.is_active AND c.is_active;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found', NULL::uuid, v_balance, 0, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;
  --    The group's quantity per order (05-order-quantity-allowed.sql), for any account or a named one.
  IF NOT order_quantity_allowed(p_quantity, v_group.min_order_quantity, v_group.max_order_quantity) THEN
    RETURN QUERY SELECT 'quantity_not_allowed', NULL::uuid, v_balance, 0, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;
  --    The price: the volume price, then the promo code when one is given, and whether the code applies
  --    (08-price-order.sql: the pricing rule is stated there once). v_amount is what the buyer pays. Without a code
  --    it is the volume price alone (06, 04), as price_order() answers then, without the code's lookup.
  IF p_promo_code IS NULL THEN
    SELECT 'ok' AS outcome, NULL::uuid AS promo_code_id, u.unit AS unit_price_kobo,
           purchase_amount(v_group.price_kobo, p_quantity) AS list_amount_kobo,
           purchase_amount(u.unit, p_quantity) AS subtotal_kobo, 0::bigint AS discount_kobo,
           purchase_amount(u.unit, p_quantity) AS amount_kobo INTO v_price
      -- OFFSET 0: the unit price computed once (pulled up, the call would be copied into each column that reads it).
      FROM (SELECT unit_price_kobo(v_group.price_kobo, v_group.volume_prices, p_quantity) AS unit OFFSET 0) u;
  ELSE
    SELECT * INTO v_price FROM price_order(p_user, p_group, v_group.category_id, v_group.price_kobo,
                                           v_group.volume_prices, p_quantity, p_promo_code);
  END IF;
  IF v_price.outcome <> 'ok' THEN
    RETURN QUERY SELECT v_price.outcome, NULL::uuid, v_balance, 0, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;
  v_amount := v_price.amount_kobo;
  IF p_account IS NULL AND v_group.stock_count < p_quantity THEN
    RETURN QUERY SELECT 'out_of_stock', NULL::uuid, v_balance, v_group.stock_count, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;

  -- 4. Balance, exact (the row is locked): nothing is claimed for a wallet that cannot pay.
  IF v_balance < v_amount THEN
    RETURN QUERY SELECT 'insufficient_balance', NULL::uuid, v_balance, 0, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;

  -- 5. Claim exactly the requested accounts. SKIP LOCKED: concurrent buyers take different rows instead of
  --    queueing behind each other. The order keeps the public details only (36-order-public-account.sql).
  IF p_account IS NOT NULL AND p_quantity <> 1 THEN
    RETURN QUERY SELECT 'out_of_stock', NULL::uuid, v_balance, 1, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;
  --    Two statements, not one with "p_account IS NULL OR a.id = p_account": each has one plan that fits every
  --    call, so the function's generic plans (the SET at the top) never scan a group to find one account.
  --    Any account: from the group's claim start (no available account is older, product_groups.claim_from_*),
  --    so the claim does not step over the accounts sold since the last vacuum, which stay in the index until
  --    then. Should it come up short, the same statement runs again from the group's beginning: the start only
  --    saves work, it never refuses a sale while an account is available.
  IF p_account IS NULL THEN
    v_from_created_at := v_group.claim_from_created_at;
    v_from_id := v_group.claim_from_id;
    LOOP
      SELECT coalesce(array_agg(s.id ORDER BY s.created_at, s.id), '{}'),
             coalesce(jsonb_agg(p.account ORDER BY s.created_at, s.id), '[]'::jsonb)
        INTO v_ids, v_accounts
        FROM (SELECT a.id, a.username, a.email, a.additional_info, a.created_at
                FROM individual_accounts a
               WHERE a.product_group_id = p_group AND a.status = 'available'
                 AND (a.created_at, a.id) >= (v_from_created_at, v_from_id)
               ORDER BY a.created_at, a.id
               LIMIT p_quantity
                 FOR UPDATE SKIP LOCKED) s
       CROSS JOIN LATERAL order_public_account(s.username, s.email, s.additional_info, p_secret_key_pattern) p;
      EXIT WHEN cardinality(v_ids) >= p_quantity OR v_from_created_at = '-infinity';
      v_from_created_at := '-infinity';
      v_from_id := '00000000-0000-0000-0000-000000000000';
    END LOOP;
  ELSE
    SELECT coalesce(array_agg(s.id), '{}'), coalesce(jsonb_agg(p.account), '[]'::jsonb)
      INTO v_ids, v_accounts
      FROM (SELECT a.id, a.username, a.email, a.additional_info
              FROM individual_accounts a
             WHERE a.id = p_account AND a.product_group_id = p_group AND a.status = 'available'
               FOR UPDATE SKIP LOCKED) s
     CROSS JOIN LATERAL order_public_account(s.username, s.email, s.additional_info, p_secret_key_pattern) p;
  END IF;
  IF cardinality(v_ids) < p_quantity THEN
    IF p_account IS NOT NULL THEN
      RETURN QUERY SELECT 'account_unavailable', NULL::uuid, v_balance, 0, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
    END IF;
    RETURN QUERY SELECT 'out_of_stock', NULL::uuid, v_balance, cardinality(v_ids), NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;

  -- 5b. The promo code's redemption, counted now that the order will be made (09-redeem-promo-code.sql): the last
  --     uses of a code go to exactly as many purchases, and a purchase refused above redeems nothing.
  IF v_price.promo_code_id IS NOT NULL AND NOT redeem_promo_code(v_price.promo_code_id) THEN
    RETURN QUERY SELECT 'promo_used_up', NULL::uuid, v_balance, 0, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;

  -- 6. The order, completed, with the public account details and its price: list, volume, the code's discount
  --    (37-purchase-order-details.sql).
  v_details := purchase_order_details(v_group.name, v_group.category, p_quantity, v_price.unit_price_kobo,
                                      v_group.price_kobo, CASE WHEN v_price.promo_code_id IS NOT NULL
                                      THEN upper(p_promo_code) END, v_price.discount_kobo, v_accounts);
  INSERT INTO orders (id, user_id, product_group_id, quantity, amount_kobo, list_amount_kobo, discount_kobo, promo_code_id,
                      status, idempotency_key, request_hash, account_details)
  VALUES (v_order, p_user, p_group, p_quantity, v_amount, v_price.list_amount_kobo, v_price.discount_kobo,
          v_price.promo_code_id, 'completed', p_key, p_hash, v_details);

  -- 7. The debit and its ledger row (38-purchase-ledger-entry.sql; a free product moves no money and writes none).
  --    The row is locked and the balance checked in step 4; the CHECK constraint stays the last guard against
  --    going below zero.
  IF v_amount > 0 THEN
    UPDATE users SET wallet_balance_kobo = wallet_balance_kobo - v_amount, updated_at = now()
     WHERE id = p_user RETURNING wallet_balance_kobo INTO v_balance;
    INSERT INTO transactions (user_id, type, amount_kobo, balance_after_kobo, description, reference, status, order_id)
    SELECT * FROM purchase_ledger_entry(p_user, v_order, v_group.name, p_quantity, v_amount, v_balance);
  END IF;

  -- 8. The accounts, sold to this order.
  UPDATE individual_accounts SET status = 'sold', order_id = v_order, sold_at = now() WHERE id = ANY (v_ids);

  -- 9. The credentials e-mail, queued as "send this order's credentials" (39-order-credentials-email.sql): the
  --    outbox worker renders and sends it after commit, so nothing is decrypted here and the outbox never holds
  --    credentials.
  INSERT INTO email_outbox (kind, to_address, subject, text_body, user_id, order_id)
  SELECT * FROM order_credentials_email(p_user, v_order, v_email, p_email_body);

  -- 10. The stock count change, appended (no hot row): folded into product_groups.stock_count after commit.
  INSERT INTO stock_count_pending (product_group_id, delta) VALUES (p_group, -p_quantity);

  -- What the answer needs (the order as the customer's history shows it), so nobody reads it again.
  RETURN QUERY SELECT 'completed', v_order, v_balance, 0, now(), v_email, v_details, v_ids;
END $$;
