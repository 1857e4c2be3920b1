-- Several customers' purchases in one call (the batch of src/server/modules/orders/purchase-batches.ts): the same
-- rules as purchase_order() (40-purchase-order.sql), applied to every request at once; what it cannot complete it
-- defers, and purchase_order() answers those exactly. It must never be laxer than purchase_order().
-- What it shares with purchase_order() is written once, in 04-09 and 36-39 (see 40-purchase-order.sql): a purchase
-- with a promo code is priced by the same price_order() (08) and its use counted under the code row's lock, as one
-- purchase's redeem_promo_code() (09) counts it (docs/decisions/027, "Batches"). p_promo_codes (NULL: no purchase
-- of the batch has one) was added then, and the 8-argument function is dropped: a process of the previous release
-- that still calls it during an upgrade sees its batch fail as a whole, and its purchases then go alone, through
-- purchase_order() (its 9-argument one is kept for them): slower for those minutes, never wrong. Change the function
-- here; src/server/db/functions.ts applies it.
DROP FUNCTION IF EXISTS purchase_orders(uuid[], text[], text[], text[], uuid[], integer[], text, text);
CREATE OR REPLACE FUNCTION purchase_orders(
  p_users uuid[], p_sessions text[], p_keys text[], p_hashes text[], p_groups uuid[], p_quantities integer[],
  p_secret_key_pattern text, p_email_body text, p_promo_codes text[]
) RETURNS TABLE (request integer, outcome text, order_id uuid, balance_kobo bigint, created_at timestamptz,
                email text, account_details jsonb, account_ids uuid[])
LANGUAGE plpgsql
-- Generic plans from the first call, as purchase_order() (40-purchase-order.sql says why).
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
  v_amounts bigint[];
  v_list_prices bigint[];
  v_list_amounts bigint[];
  v_discounts bigint[];
  v_code_ids uuid[];
  v_names text[];
  v_categories text[];
  v_orders uuid[];
  v_details jsonb[];
  -- The claimed accounts, flat: each with its purchase's order.
  v_account_ids uuid[];
  v_account_orders uuid[];
  v_redeemed boolean;
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

  -- 1b. The promo codes with a limit of uses of the purchases still going, each row locked once, in id order (after
  --     the wallets, as one purchase locks its wallet and then its code: no two purchases or batches wait on each
  --     other in a circle). NO KEY UPDATE, the lock redeem_promo_code()'s UPDATE takes: held until the commit, so the
  --     uses read below are the code's uses until then, and the batch may hand out exactly the uses left. Nothing
  --     else touches a code's row but its admin and its redemptions. A code without a limit is neither locked nor
  --     written (09-redeem-promo-code.sql says why).
  IF p_promo_codes IS NOT NULL THEN
    PERFORM 1 FROM promo_codes c
     WHERE c.code IN (SELECT upper(p_promo_codes[x.n]) FROM unnest(v_n) x(n) WHERE p_promo_codes[x.n] IS NOT NULL)
       AND c.max_uses IS NOT NULL
     ORDER BY c.id
       FOR NO KEY UPDATE;
  END IF;

  -- 2–5. In one statement, which starts after the locks above are held (so it sees any order committed, or
  --      session ended, by whoever held one of these wallets before us):
  --      a new key (no order yet for this buyer and key), an active group in an active category whose stock count
  --      does not already refuse it, and the money in the wallet (locked: the balance is exact);
  --      then the accounts: each group's purchases together claim their total from the group's claim start, with
  --      SKIP LOCKED, as purchase_order() does for one, handed out in the requests' order. A purchase whose share
  --      the claim did not reach is deferred (purchase_order() then searches the group from its beginning, or
  --      answers out of stock). Each completed purchase gets its order id here, and its accounts' public details
  --      (36-order-public-account.sql, as purchase_order()).
  --      A purchase with a promo code is priced by price_order() (08-price-order.sql, as purchase_order()), after
  --      the code's lock (1b), so the code's uses it reads are exact; one whose code is refused for any reason is
  --      deferred (purchase_order() answers it), and so is one past the code's uses left, counted in the requests'
  --      order (purchase_order() then answers 'promo_used_up'). A buyer has one purchase in the batch (step 1), so
  --      the code's uses per customer, counted by price_order() from the orders committed, are exact too.
  WITH wanted AS (
    -- price: the volume price at this quantity (06-unit-price.sql); with a promo code, price_order()'s.
    SELECT x.n, x.email, x.balance, coalesce(pr.unit_price_kobo, up.unit) AS price,
           g.price_kobo AS list_price, g.name, c.name AS category, g.id AS group_id, p_quantities[x.n] AS quantity,
           coalesce(pr.amount_kobo, purchase_amount(up.unit, p_quantities[x.n])) AS amount,
           coalesce(pr.list_amount_kobo, purchase_amount(g.price_kobo, p_quantities[x.n])) AS list_amount,
           coalesce(pr.discount_kobo, 0) AS discount, pr.promo_code_id AS code_id, pc.max_uses - pc.uses AS uses_left
      FROM unnest(v_n, v_emails, v_balances) x(n, email, balance)
      JOIN product_groups g ON g.id = p_groups[x.n]
      JOIN categories c ON c.id = g.category_id
      -- One of the two for each purchase: OFFSET 0 keeps each subquery whole, so its condition gates it (a one-time
      -- filter before the call), and each is computed once per purchase, not once for each column that reads it.
      -- With a code, price_order() (inlined: 08 says why); without, the volume price alone, as price_order() has it.
      LEFT JOIN LATERAL (SELECT o.* FROM price_order(p_users[x.n], g.id, g.category_id, g.price_kobo, g.volume_prices,
                                                     p_quantities[x.n], p_promo_codes[x.n]) o
                          WHERE p_promo_codes[x.n] IS NOT NULL OFFSET 0) pr ON true
      LEFT JOIN LATERAL (SELECT unit_price_kobo(g.price_kobo, g.volume_prices, p_quantities[x.n]) AS unit
                          WHERE p_promo_codes[x.n] IS NULL OFFSET 0) up ON true
      LEFT JOIN promo_codes pc ON pc.id = pr.promo_code_id
     WHERE g.is_active AND c.is_active
       AND (p_promo_codes[x.n] IS NULL OR pr.outcome = 'ok')
       -- The session again, now that the wallet row is ours: step 1 re-checked a row it waited for against the
       -- row's new version, but not the session, which the transaction that held the row may have ended
       -- (a password change, an account deletion).
       AND EXISTS (SELECT 1 FROM sessions s WHERE s.token_hash = p_sessions[x.n] AND s.user_id = p_users[x.n]
                                             AND s.expires_at > now())
       AND order_quantity_allowed(p_quantities[x.n], g.min_order_quantity, g.max_order_quantity)
       AND g.stock_count >= p_quantities[x.n]
       AND x.balance >= coalesce(pr.amount_kobo, purchase_amount(up.unit, p_quantities[x.n]))
       -- A new key: found by the key alone, as in purchase_order() (drizzle/0022).
       AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.idempotency_key = p_keys[x.n]
                                               AND o.user_id IS NOT DISTINCT FROM p_users[x.n])),
  -- The codes' uses left, handed out in the requests' order; the rest deferred.
  admitted AS (
    SELECT w.* FROM (SELECT w.*, row_number() OVER (PARTITION BY w.code_id ORDER BY w.n) AS use_no FROM wanted w) w
     WHERE w.code_id IS NULL OR w.uses_left IS NULL OR w.use_no <= w.uses_left),
  ranged AS (
    SELECT w.*, sum(w.quantity) OVER (PARTITION BY w.group_id ORDER BY w.n) - w.quantity AS first
      FROM admitted w),
  needed AS (SELECT w.group_id, sum(w.quantity)::integer AS quantity FROM admitted w GROUP BY w.group_id),
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
    SELECT d.n, d.order_id, c.id, c.k, p.account AS public
      FROM done d JOIN claimed c ON c.group_id = d.group_id AND c.k >= d.first AND c.k < d.first + d.quantity
     CROSS JOIN LATERAL order_public_account(c.username, c.email, c.additional_info, p_secret_key_pattern) p)
  -- The per-purchase arrays from one aggregate node (aligned); the accounts in claim order within each purchase,
  -- the same order for their ids (flat, with their order) and their public details.
  SELECT p.n, p.email, p.balance, p.price, p.list_price, p.amount, p.list_amount, p.discount, p.code_id, p.name,
         p.category, p.order_id, p.details, a.ids, a.orders
    INTO v_n, v_emails, v_balances, v_prices, v_list_prices, v_amounts, v_list_amounts, v_discounts, v_code_ids,
         v_names, v_categories, v_orders, v_details, v_account_ids, v_account_orders
    FROM (SELECT array_agg(d.n) AS n, array_agg(d.email) AS email, array_agg(d.balance) AS balance,
                 array_agg(d.price) AS price, array_agg(d.list_price) AS list_price, array_agg(d.amount) AS amount,
                 array_agg(d.list_amount) AS list_amount, array_agg(d.discount) AS discount,
                 array_agg(d.code_id) AS code_id,
                 array_agg(d.name) AS name,
                 array_agg(d.category) AS category,
                 array_agg(d.order_id) AS order_id,
                 array_agg((SELECT jsonb_agg(h.public ORDER BY h.k) FROM handed h WHERE h.n = d.n)) AS details
            FROM done d) p,
         (SELECT array_agg(h.id ORDER BY h.n, h.k) AS ids, array_agg(h.order_id ORDER BY h.n, h.k) AS orders
            FROM handed h) a;

  IF cardinality(v_n) > 0 THEN
    -- 5b. The promo codes' redemptions, one use per completed purchase with a code with a limit, counted on the rows
    --     locked in 1b (as redeem_promo_code() counts one). Never past a code's uses: the admission above kept to
    --     them, and should it ever not, the batch fails as a whole and its purchases go alone.
    IF p_promo_codes IS NOT NULL THEN
      WITH counted AS (
        UPDATE promo_codes c SET uses = c.uses + u.k
          FROM (SELECT x.code_id, count(*)::integer AS k FROM unnest(v_code_ids) x(code_id)
                 WHERE x.code_id IS NOT NULL GROUP BY x.code_id) u
         WHERE c.id = u.code_id AND c.max_uses IS NOT NULL AND c.uses + u.k <= c.max_uses
        RETURNING 1)
      SELECT count(*) = (SELECT count(*) FROM promo_codes c
                          WHERE c.id IN (SELECT x.id FROM unnest(v_code_ids) x(id)) AND c.max_uses IS NOT NULL)
        INTO v_redeemed FROM counted;
      IF NOT v_redeemed THEN
        RAISE EXCEPTION 'purchase_orders: a promo code would go past its uses';
      END IF;
    END IF;

    -- 6. The orders, completed, with the public account details and their price: list, volume, the code's
    --    discount (37-purchase-order-details.sql).
    INSERT INTO orders (id, user_id, product_group_id, quantity, amount_kobo, list_amount_kobo, discount_kobo,
                        promo_code_id, status, idempotency_key, request_hash, account_details)
    SELECT x.order_id, p_users[x.n], p_groups[x.n], p_quantities[x.n], x.amount, x.list_amount, x.discount,
           x.code_id, 'completed', p_keys[x.n], p_hashes[x.n],
           purchase_order_details(x.name, x.category, p_quantities[x.n], x.price, x.list_price,
                                  CASE WHEN x.code_id IS NOT NULL THEN upper(p_promo_codes[x.n]) END, x.discount,
                                  x.details)
      FROM unnest(v_n, v_orders, v_prices, v_list_prices, v_amounts, v_list_amounts, v_discounts, v_code_ids, v_names,
                  v_categories, v_details)
           x(n, order_id, price, list_price, amount, list_amount, discount, code_id, name, category, details);

    -- 7. The debits and their ledger rows (38-purchase-ledger-entry.sql; a free product moves no money and writes
    --    none). The rows are locked and the balances checked; the domain on the balance stays the last guard
    --    against going below zero.
    UPDATE users u SET wallet_balance_kobo = u.wallet_balance_kobo - x.amount, updated_at = now()
      FROM unnest(v_n, v_amounts) x(n, amount)
     WHERE u.id = p_users[x.n] AND x.amount > 0;
    INSERT INTO transactions (user_id, type, amount_kobo, balance_after_kobo, description, reference, status,
                              order_id)
    SELECT e.*
      FROM unnest(v_n, v_orders, v_amounts, v_names, v_balances) x(n, order_id, amount, name, balance)
     CROSS JOIN LATERAL purchase_ledger_entry(p_users[x.n], x.order_id, x.name, p_quantities[x.n], x.amount,
                                              x.balance - x.amount) e;

    -- 8. The accounts, sold to their orders.
    UPDATE individual_accounts a SET status = 'sold', order_id = x.order_id, sold_at = now()
      FROM unnest(v_account_ids, v_account_orders) x(id, order_id)
     WHERE a.id = x.id;

    -- 9. The credentials e-mails, queued as "send this order's credentials" (39-order-credentials-email.sql; the
    --    outbox worker renders them).
    INSERT INTO email_outbox (kind, to_address, subject, text_body, user_id, order_id)
    SELECT e.*
      FROM unnest(v_n, v_orders, v_emails) x(n, order_id, email)
     CROSS JOIN LATERAL order_credentials_email(p_users[x.n], x.order_id, x.email, p_email_body) e;

    -- 10. The stock count changes, appended, one row per group (folded after commit, as for one purchase).
    INSERT INTO stock_count_pending (product_group_id, delta)
    SELECT p_groups[x.n], -sum(p_quantities[x.n])::integer FROM unnest(v_n) x(n) GROUP BY p_groups[x.n];
  END IF;

  -- Every request's answer: what the completed ones need (as purchase_order() returns it), 'deferred' for the rest.
  RETURN QUERY
  SELECT r.n::integer, CASE WHEN d.order_id IS NULL THEN 'deferred' ELSE 'completed' END, d.order_id,
         CASE WHEN d.order_id IS NULL THEN NULL ELSE d.balance - d.amount END,
         CASE WHEN d.order_id IS NULL THEN NULL ELSE now() END, d.email,
         CASE WHEN d.order_id IS NULL THEN NULL
              ELSE purchase_order_details(d.name, d.category, p_quantities[r.n], d.price, d.list_price,
                                          CASE WHEN d.code_id IS NOT NULL THEN upper(p_promo_codes[r.n]) END,
                                          d.discount, d.details) END,
         CASE WHEN d.order_id IS NULL THEN NULL
              ELSE array(SELECT v_account_ids[i] FROM generate_subscripts(v_account_ids, 1) i
                          WHERE v_account_orders[i] = d.order_id ORDER BY i) END
    FROM generate_series(1, cardinality(p_users)) r(n)
    LEFT JOIN unnest(v_n, v_orders, v_balances, v_prices, v_list_prices, v_amounts, v_discounts, v_code_ids, v_emails,
                     v_names, v_categories, v_details)
              d(n, order_id, balance, price, list_price, amount, discount, code_id, email, name, category, details)
           ON d.n = r.n;
END $$;
