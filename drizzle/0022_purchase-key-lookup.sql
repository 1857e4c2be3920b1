CREATE UNIQUE INDEX "orders_idempotency_key_user" ON "orders" USING btree ("idempotency_key","user_id");--> statement-breakpoint
DROP INDEX "orders_user_idempotency_key";--> statement-breakpoint
-- custom SQL below the generated index change (keep when regenerating)
-- The purchase's idempotency check, found by the key alone (docs/decisions/011, "Session 19").
-- Both purchase functions looked a key up with "o.user_id = … AND o.idempotency_key = …". Their plans are generic
-- and made once per connection, from the statistics of that moment. Made while orders had none, or while each
-- customer had about one order, a plan could take orders_user_idx (user_id, created_at) and filter the key, so
-- each purchase read every earlier order of its buyer until orders was analyzed again: the bench's ten-group run
-- fell from about 6,500 to 2,700-3,000 purchases/s in the runs that got that plan (auto_explain), and a heavy buyer
-- in a young shop would pay the same. The unique index is now led by the key (above; the same rule, one order per
-- customer and key), and the functions compare the customer with IS NOT DISTINCT FROM, which no index can serve:
-- the only index that fits the lookup is the key's, whatever the statistics say. Building it locks orders against
-- writes until it is built; reads go on.
-- The functions are re-created whole (CREATE OR REPLACE needs the full body): purchase_order() as in 0021 and
-- purchase_orders() as in 0020, each with only the key lookup changed. Same signatures: the previous release's
-- processes call the new ones.
CREATE OR REPLACE FUNCTION purchase_order(
  p_user uuid, p_session text, p_key text, p_hash text, p_group uuid, p_quantity integer, p_account uuid,
  p_secret_key_pattern text, p_email_body text
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
         coalesce(g.claim_from_created_at, '-infinity') AS claim_from_created_at,
         coalesce(g.claim_from_id, '00000000-0000-0000-0000-000000000000') AS claim_from_id INTO v_group
    FROM product_groups g JOIN categories c ON c.id = g.category_id
   WHERE g.id = p_group AND g.is_active AND c.is_active;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found', NULL::uuid, v_balance, 0, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;
  v_amount := v_group.price_kobo * p_quantity;
  IF p_account IS NULL AND v_group.stock_count < p_quantity THEN
    RETURN QUERY SELECT 'out_of_stock', NULL::uuid, v_balance, v_group.stock_count, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;

  -- 4. Balance, exact (the row is locked): nothing is claimed for a wallet that cannot pay.
  IF v_balance < v_amount THEN
    RETURN QUERY SELECT 'insufficient_balance', NULL::uuid, v_balance, 0, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;

  -- 5. Claim exactly the requested accounts. SKIP LOCKED: concurrent buyers take different rows instead of
  --    queueing behind each other. The order keeps the public details only (no secret-looking keys).
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
             coalesce(jsonb_agg(jsonb_build_object(
               'username', s.username,
               'email', s.email,
               'additional_info', (SELECT coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
                                     FROM jsonb_each(s.additional_info) e
                                    WHERE e.key !~* p_secret_key_pattern
                                      AND jsonb_typeof(e.value) IN ('string', 'number', 'boolean')))
               ORDER BY s.created_at, s.id), '[]'::jsonb)
        INTO v_ids, v_accounts
        FROM (SELECT a.id, a.username, a.email, a.additional_info, a.created_at
                FROM individual_accounts a
               WHERE a.product_group_id = p_group AND a.status = 'available'
                 AND (a.created_at, a.id) >= (v_from_created_at, v_from_id)
               ORDER BY a.created_at, a.id
               LIMIT p_quantity
                 FOR UPDATE SKIP LOCKED) s;
      EXIT WHEN cardinality(v_ids) >= p_quantity OR v_from_created_at = '-infinity';
      v_from_created_at := '-infinity';
      v_from_id := '00000000-0000-0000-0000-000000000000';
    END LOOP;
  ELSE
    SELECT coalesce(array_agg(s.id), '{}'),
           coalesce(jsonb_agg(jsonb_build_object(
             'username', s.username,
             'email', s.email,
             'additional_info', (SELECT coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
                                   FROM jsonb_each(s.additional_info) e
                                  WHERE e.key !~* p_secret_key_pattern
                                    AND jsonb_typeof(e.value) IN ('string', 'number', 'boolean')))), '[]'::jsonb)
      INTO v_ids, v_accounts
      FROM (SELECT a.id, a.username, a.email, a.additional_info
              FROM individual_accounts a
             WHERE a.id = p_account AND a.product_group_id = p_group AND a.status = 'available'
               FOR UPDATE SKIP LOCKED) s;
  END IF;
  IF cardinality(v_ids) < p_quantity THEN
    IF p_account IS NOT NULL THEN
      RETURN QUERY SELECT 'account_unavailable', NULL::uuid, v_balance, 0, NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
    END IF;
    RETURN QUERY SELECT 'out_of_stock', NULL::uuid, v_balance, cardinality(v_ids), NULL::timestamptz, NULL::text, NULL::jsonb, NULL::uuid[]; RETURN;
  END IF;

  -- 6. The order, completed, with the public account details.
  v_details := jsonb_build_object('product_name', v_group.name, 'category', v_group.category,
                                  'quantity', p_quantity, 'price_per_unit_kobo', v_group.price_kobo,
                                  'accounts', v_accounts);
  INSERT INTO orders (id, user_id, product_group_id, quantity, amount_kobo, status, idempotency_key, request_hash, account_details)
  VALUES (v_order, p_user, p_group, p_quantity, v_amount, 'completed', p_key, p_hash, v_details);

  -- 7. The debit and its ledger row (a free product moves no money and writes none). The row is locked and
  --    the balance checked in step 4; the CHECK constraint stays the last guard against going below zero.
  IF v_amount > 0 THEN
    UPDATE users SET wallet_balance_kobo = wallet_balance_kobo - v_amount, updated_at = now()
     WHERE id = p_user RETURNING wallet_balance_kobo INTO v_balance;
    INSERT INTO transactions (user_id, type, amount_kobo, balance_after_kobo, description, reference, status, order_id)
    VALUES (p_user, 'purchase', -v_amount, v_balance, 'Purchase: ' || p_quantity || ' × ' || v_group.name,
            'ORD-' || upper(left(v_order::text, 8)), 'completed', v_order);
  END IF;

  -- 8. The accounts, sold to this order.
  UPDATE individual_accounts SET status = 'sold', order_id = v_order, sold_at = now() WHERE id = ANY (v_ids);

  -- 9. The credentials e-mail, queued as "send this order's credentials": the outbox worker renders and
  --    sends it after commit, so nothing is decrypted here and the outbox never holds credentials.
  INSERT INTO email_outbox (kind, to_address, subject, text_body, user_id, order_id)
  VALUES ('order_credentials', v_email, 'Your account credentials (order ' || left(v_order::text, 8) || ')',
          p_email_body, p_user, v_order);

  -- 10. The stock count change, appended (no hot row): folded into product_groups.stock_count after commit.
  INSERT INTO stock_count_pending (product_group_id, delta) VALUES (p_group, -p_quantity);

  -- What the answer needs (the order as the customer's history shows it), so nobody reads it again.
  RETURN QUERY SELECT 'completed', v_order, v_balance, 0, now(), v_email, v_details, v_ids;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION purchase_orders(
  p_users uuid[], p_sessions text[], p_keys text[], p_hashes text[], p_groups uuid[], p_quantities integer[],
  p_secret_key_pattern text, p_email_body text
) RETURNS TABLE (request integer, outcome text, order_id uuid, balance_kobo bigint, created_at timestamptz,
                email text, account_details jsonb, account_ids uuid[])
LANGUAGE plpgsql
-- Generic plans from the first call, as purchase_order() (0013).
SET plan_cache_mode = force_generic_plan
-- A wallet row held elsewhere for longer than this fails the batch, whose purchases then go alone: one buyer's
-- lock never holds up the others queued behind this process's one batch slot for longer.
SET lock_timeout = '1s'
AS $$
DECLARE
  -- The purchases still going, by their place in the arguments (1-based), and what each needs next.
  v_n integer[];
  v_emails text[];
  v_balances bigint[];
  v_prices bigint[];
  v_names text[];
  v_categories text[];
  v_orders uuid[];
  v_details jsonb[];
  -- The claimed accounts, flat: each with its purchase's order.
  v_account_ids uuid[];
  v_account_orders uuid[];
BEGIN
  -- 1. The buyers' sessions, still open, and their wallet rows, locked in id order (see the top). A buyer's
  --    second request in the batch is left out (deferred). The arrays are aligned (one aggregate node fills them
  --    all from the same rows); their order does not matter, each purchase is known by its place n.
  SELECT array_agg(b.n), array_agg(b.email), array_agg(b.balance)
    INTO v_n, v_emails, v_balances
    FROM (SELECT r.n, u.email, u.wallet_balance_kobo AS balance
            FROM (SELECT x.user_id, x.session, x.n::integer AS n,
                         row_number() OVER (PARTITION BY x.user_id ORDER BY x.n) AS nth
                    FROM unnest(p_users, p_sessions) WITH ORDINALITY x(user_id, session, n)) r
            JOIN sessions s ON s.token_hash = r.session AND s.user_id = r.user_id AND s.expires_at > now()
            JOIN users u ON u.id = r.user_id
           WHERE r.nth = 1
           ORDER BY u.id
             FOR NO KEY UPDATE OF u) b;

  -- 2–5. In one statement, which starts after the locks above are held (so it sees any order committed, or
  --      session ended, by whoever held one of these wallets before us):
  --      a new key (no order yet for this buyer and key), an active group in an active category whose stock count
  --      does not already refuse it, and the money in the wallet (locked: the balance is exact);
  --      then the accounts: each group's purchases together claim their total from the group's claim start, with
  --      SKIP LOCKED, as purchase_order() does for one, handed out in the requests' order. A purchase whose share
  --      the claim did not reach is deferred (purchase_order() then searches the group from its beginning, or
  --      answers out of stock). Each completed purchase gets its order id here, and its public details (no
  --      secret-looking keys), as purchase_order() builds them.
  WITH wanted AS (
    SELECT x.n, x.email, x.balance, g.price_kobo AS price, g.name, c.name AS category, g.id AS group_id,
           p_quantities[x.n] AS quantity
      FROM unnest(v_n, v_emails, v_balances) x(n, email, balance)
      JOIN product_groups g ON g.id = p_groups[x.n]
      JOIN categories c ON c.id = g.category_id
     WHERE g.is_active AND c.is_active
       -- The session again, now that the wallet row is ours: step 1 re-checked a row it waited for against the
       -- row's new version, but not the session, which the transaction that held the row may have ended
       -- (a password change, an account deletion).
       AND EXISTS (SELECT 1 FROM sessions s WHERE s.token_hash = p_sessions[x.n] AND s.user_id = p_users[x.n]
                                             AND s.expires_at > now())
       AND g.stock_count >= p_quantities[x.n]
       AND x.balance >= g.price_kobo * p_quantities[x.n]
       -- A new key: found by the key alone, as in purchase_order() (drizzle/0022).
       AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.idempotency_key = p_keys[x.n]
                                               AND o.user_id IS NOT DISTINCT FROM p_users[x.n])),
  ranged AS (
    SELECT w.*, sum(w.quantity) OVER (PARTITION BY w.group_id ORDER BY w.n) - w.quantity AS first
      FROM wanted w),
  needed AS (SELECT w.group_id, sum(w.quantity)::integer AS quantity FROM wanted w GROUP BY w.group_id),
  claimed AS (
    SELECT n.group_id, a.id, a.username, a.email, a.additional_info,
           row_number() OVER (PARTITION BY n.group_id ORDER BY a.created_at, a.id) - 1 AS k
      FROM needed n
      JOIN product_groups g ON g.id = n.group_id
     CROSS JOIN LATERAL (
           SELECT a.id, a.username, a.email, a.additional_info, a.created_at
             FROM individual_accounts a
            WHERE a.product_group_id = n.group_id AND a.status = 'available'
              AND (a.created_at, a.id) >= (coalesce(g.claim_from_created_at, '-infinity'),
                                           coalesce(g.claim_from_id, '00000000-0000-0000-0000-000000000000'))
            ORDER BY a.created_at, a.id
            LIMIT n.quantity
              FOR UPDATE OF a SKIP LOCKED) a),
  done AS MATERIALIZED (
    SELECT r.*, gen_random_uuid() AS order_id
      FROM ranged r
     WHERE r.first + r.quantity <= (SELECT count(*) FROM claimed c WHERE c.group_id = r.group_id)),
  handed AS (
    SELECT d.n, d.order_id, c.id, c.k,
           jsonb_build_object(
             'username', c.username,
             'email', c.email,
             'additional_info', (SELECT coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb)
                                   FROM jsonb_each(c.additional_info) e
                                  WHERE e.key !~* p_secret_key_pattern
                                    AND jsonb_typeof(e.value) IN ('string', 'number', 'boolean'))) AS public
      FROM done d JOIN claimed c ON c.group_id = d.group_id AND c.k >= d.first AND c.k < d.first + d.quantity)
  -- The per-purchase arrays from one aggregate node (aligned); the accounts in claim order within each purchase,
  -- the same order for their ids (flat, with their order) and their public details.
  SELECT p.n, p.email, p.balance, p.price, p.name, p.category, p.order_id, p.details, a.ids, a.orders
    INTO v_n, v_emails, v_balances, v_prices, v_names, v_categories, v_orders, v_details, v_account_ids,
         v_account_orders
    FROM (SELECT array_agg(d.n) AS n, array_agg(d.email) AS email, array_agg(d.balance) AS balance,
                 array_agg(d.price) AS price, array_agg(d.name) AS name, array_agg(d.category) AS category,
                 array_agg(d.order_id) AS order_id,
                 array_agg((SELECT jsonb_agg(h.public ORDER BY h.k) FROM handed h WHERE h.n = d.n)) AS details
            FROM done d) p,
         (SELECT array_agg(h.id ORDER BY h.n, h.k) AS ids, array_agg(h.order_id ORDER BY h.n, h.k) AS orders
            FROM handed h) a;

  IF cardinality(v_n) > 0 THEN
    -- 6. The orders, completed, with the public account details.
    INSERT INTO orders (id, user_id, product_group_id, quantity, amount_kobo, status, idempotency_key, request_hash,
                        account_details)
    SELECT x.order_id, p_users[x.n], p_groups[x.n], p_quantities[x.n], x.price * p_quantities[x.n], 'completed',
           p_keys[x.n], p_hashes[x.n],
           jsonb_build_object('product_name', x.name, 'category', x.category, 'quantity', p_quantities[x.n],
                              'price_per_unit_kobo', x.price, 'accounts', x.details)
      FROM unnest(v_n, v_orders, v_prices, v_names, v_categories, v_details)
           x(n, order_id, price, name, category, details);

    -- 7. The debits and their ledger rows (a free product moves no money and writes none). The rows are locked
    --    and the balances checked; the domain on the balance stays the last guard against going below zero.
    UPDATE users u SET wallet_balance_kobo = u.wallet_balance_kobo - x.price * p_quantities[x.n], updated_at = now()
      FROM unnest(v_n, v_prices) x(n, price)
     WHERE u.id = p_users[x.n] AND x.price * p_quantities[x.n] > 0;
    INSERT INTO transactions (user_id, type, amount_kobo, balance_after_kobo, description, reference, status,
                              order_id)
    SELECT p_users[x.n], 'purchase', -(x.price * p_quantities[x.n]), x.balance - x.price * p_quantities[x.n],
           'Purchase: ' || p_quantities[x.n] || ' × ' || x.name, 'ORD-' || upper(left(x.order_id::text, 8)),
           'completed', x.order_id
      FROM unnest(v_n, v_orders, v_prices, v_names, v_balances) x(n, order_id, price, name, balance)
     WHERE x.price * p_quantities[x.n] > 0;

    -- 8. The accounts, sold to their orders.
    UPDATE individual_accounts a SET status = 'sold', order_id = x.order_id, sold_at = now()
      FROM unnest(v_account_ids, v_account_orders) x(id, order_id)
     WHERE a.id = x.id;

    -- 9. The credentials e-mails, queued as "send this order's credentials" (the outbox worker renders them).
    INSERT INTO email_outbox (kind, to_address, subject, text_body, user_id, order_id)
    SELECT 'order_credentials', x.email, 'Your account credentials (order ' || left(x.order_id::text, 8) || ')',
           p_email_body, p_users[x.n], x.order_id
      FROM unnest(v_n, v_orders, v_emails) x(n, order_id, email);

    -- 10. The stock count changes, appended, one row per group (folded after commit, as for one purchase).
    INSERT INTO stock_count_pending (product_group_id, delta)
    SELECT p_groups[x.n], -sum(p_quantities[x.n])::integer FROM unnest(v_n) x(n) GROUP BY p_groups[x.n];
  END IF;

  -- Every request's answer: what the completed ones need (as purchase_order() returns it), 'deferred' for the rest.
  RETURN QUERY
  SELECT r.n::integer, CASE WHEN d.order_id IS NULL THEN 'deferred' ELSE 'completed' END, d.order_id,
         CASE WHEN d.order_id IS NULL THEN NULL ELSE d.balance - d.price * p_quantities[r.n] END,
         CASE WHEN d.order_id IS NULL THEN NULL ELSE now() END, d.email,
         CASE WHEN d.order_id IS NULL THEN NULL
              ELSE jsonb_build_object('product_name', d.name, 'category', d.category, 'quantity', p_quantities[r.n],
                                      'price_per_unit_kobo', d.price, 'accounts', d.details) END,
         CASE WHEN d.order_id IS NULL THEN NULL
              ELSE array(SELECT v_account_ids[i] FROM generate_subscripts(v_account_ids, 1) i
                          WHERE v_account_orders[i] = d.order_id ORDER BY i) END
    FROM generate_series(1, cardinality(p_users)) r(n)
    LEFT JOIN unnest(v_n, v_orders, v_balances, v_prices, v_emails, v_names, v_categories, v_details)
              d(n, order_id, balance, price, email, name, category, details) ON d.n = r.n;
END $$;
