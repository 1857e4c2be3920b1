// The purchase's idempotency check finds the key through its own index whatever the statistics say (drizzle/0022;
// scripts/bench/PERFORMANCE-LOG.md, "Purchase (ADR 011)", "Session 19"). Statistics taken while each customer had
// one order make user_id look unique; a plan made from them took orders_user_idx and filtered the key, so a
// purchase read every earlier order of its buyer. Here a heavy buyer's thousands of orders come after such an
// ANALYZE, and auto_explain shows the plans both purchase functions make for the lookup. All of it in one
// transaction, rolled back: nothing stays.
import type { PoolClient } from 'pg';
import { expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

const { database } = await createTestApp();

/** Customer n's id (n = 1 is the heavy buyer), as SQL over a column n. */
const customerId = `('10000000-0000-0000-0000-' || lpad(n::text, 12, '0'))::uuid`;
const HEAVY_BUYER = '10000000-0000-0000-0000-000000000001';
const TOKEN = 'key-lookup-test-token';

/** 2,000 customers with one order each, analyzed; then 20,000 more orders for the first one, not analyzed. */
async function staleStatistics(client: PoolClient) {
  await client.query(`
    insert into users (id, email, password_hash, full_name)
    select ${customerId}, 'key-lookup-' || n || '@mail.example',
           'not-a-hash', 'Buyer ' || n
      from generate_series(1, 2000) n`);
  const orders = (users: string, n: number) =>
    client.query(`
      insert into orders (user_id, product_group_id, quantity, amount_kobo, list_amount_kobo, status, idempotency_key,
                          request_hash, account_details)
      select ${users}, gen_random_uuid(), 1, 0, 0, 'completed', gen_random_uuid()::text, 'h', '{}'
        from generate_series(1, ${n}) n`);
  await orders(customerId, 2000);
  await client.query('analyze orders');
  await orders(`'${HEAVY_BUYER}'::uuid`, 20_000);
  await client.query(
    `insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
    [TOKEN, HEAVY_BUYER],
  );
}

/** The plans of the statements the call runs inside the functions, as auto_explain reports them. */
async function nestedPlans(client: PoolClient, call: string): Promise<string[]> {
  const plans: string[] = [];
  const collect = (notice: { message?: string }) => {
    if (notice.message?.includes('Query Text:')) plans.push(notice.message);
  };
  client.on('notice', collect);
  try {
    await client.query(call);
  } finally {
    client.removeListener('notice', collect);
  }
  return plans;
}

it('a purchase finds its idempotency key by the key, not by reading its buyer’s earlier orders, whatever the statistics say', async () => {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await staleStatistics(client);
    await client.query(`load 'auto_explain'`);
    await client.query('set local auto_explain.log_min_duration = 0');
    await client.query('set local auto_explain.log_nested_statements = on');
    await client.query(`set local auto_explain.log_level = 'notice'`);
    await client.query('discard plans');

    const alone = await nestedPlans(
      client,
      `select * from purchase_order('${HEAVY_BUYER}', '${TOKEN}', 'a-new-key', 'h', gen_random_uuid(), 1, null,
                                    'secret', 'body')`,
    );
    const batch = await nestedPlans(
      client,
      `select * from purchase_orders(array['${HEAVY_BUYER}']::uuid[], array['${TOKEN}'], array['another-key'],
                                     array['h'], array[gen_random_uuid()], array[1], 'secret', 'body', null)`,
    );

    const lookup = alone.filter((p) => p.includes('FROM orders o'));
    const claim = batch.filter((p) => p.includes('WITH wanted AS'));
    expect(lookup).toHaveLength(1);
    expect(claim).toHaveLength(1);
    for (const plan of [...lookup, ...claim]) {
      expect(plan).toContain('orders_idempotency_key_user');
      expect(plan).not.toContain('orders_user_idx');
    }
  } finally {
    await client.query('rollback');
    client.release();
  }
});
