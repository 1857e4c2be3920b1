// Purchases that arrive together go to PostgreSQL together (purchase-batches.ts, db/functions/41-purchase-orders.sql): every buyer gets
// the answer purchase_order() alone would give, with the same order, debit, ledger row, sold accounts, e-mail and
// stock change; nothing is sold twice, and a batch that fails as a whole loses nothing.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { AUTH_REQUIRED_MESSAGE } from '../../http/access.ts';
import { orders } from './orders.tables.ts';
import { purchaseBatchesTestKit } from '../../test/kits/purchase-batches-kit.ts';

const { app, db, database, buy, balanceOf, stockOf, customers } = await purchaseBatchesTestKit();

describe('purchases that arrive together, when something holds them up', () => {
  it('lose nothing when a batch fails as a whole: each of its purchases goes alone', async () => {
    const group = await insertGroupWithStock(db, { accounts: 30 });
    const buyers = await customers(20, 500_000);
    // The batch function failing (as any call may: a lost connection, a server restart): every batch fails.
    const signature =
      'purchase_orders(uuid[], text[], text[], text[], uuid[], integer[], text, text, text[])';
    const parameters =
      'p_users uuid[], p_sessions text[], p_keys text[], p_hashes text[], p_groups uuid[], p_quantities integer[], p_secret_key_pattern text, p_email_body text, p_promo_codes text[]';
    const [{ definition }] = (
      await db.execute<{ definition: string }>(
        sql`select pg_get_functiondef(${signature}::regprocedure) as definition`,
      )
    ).rows as [{ definition: string }];
    await db.execute(
      sql.raw(`create or replace function purchase_orders(${parameters})
        returns table (request integer, outcome text, order_id uuid, balance_kobo bigint, created_at timestamptz,
                       email text, account_details jsonb, account_ids uuid[])
        language plpgsql as $$ begin raise exception 'batch failed (test)'; end $$`),
    );
    const before = app.purchases.batcher.stats();
    try {
      const answers = await Promise.all(
        buyers.map((b) => buy(b.cookie, { productGroupId: group.id, quantity: 1 })),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    } finally {
      await db.execute(sql.raw(definition));
    }
    expect(app.purchases.batcher.stats().failedBatches - before.failedBatches).toBeGreaterThan(0);
    for (const b of buyers) expect(await balanceOf(b.user.id)).toBe(400_000);
    await expect.poll(() => stockOf(group.id)).toBe(10);
  });

  it('are not held up by one buyer whose wallet row is locked elsewhere: after a second the batch gives up and the others go alone', async () => {
    const group = await insertGroupWithStock(db, { accounts: 20 });
    const buyers = await customers(10, 500_000);
    const held = buyers[buyers.length - 1]!;
    // Another transaction (an admin adjustment, say) holds the last buyer's wallet row.
    const other = await holdWalletRow(held.user.id);
    const before = app.purchases.batcher.stats();
    let released = false;
    try {
      const answers = buyers.map((b) =>
        buy(b.cookie, { productGroupId: group.id, quantity: 1 }).then((res) => ({ res, released })),
      );
      const others = await Promise.all(answers.slice(0, -1));
      for (const { res, released: late } of others) {
        expect(res.statusCode, res.body).toBe(201);
        expect(late).toBe(false);
      }
      expect(app.purchases.batcher.stats().failedBatches - before.failedBatches).toBe(1);
      released = true;
      await other.query('commit');
      const last = await answers[answers.length - 1]!;
      expect(last.res.statusCode, last.res.body).toBe(201);
    } finally {
      if (!released) await other.query('rollback');
      other.release();
    }
    for (const b of buyers) expect(await balanceOf(b.user.id)).toBe(400_000);
  });

  it('give back the slot after a second: a purchase alone that waits for a held wallet row does not hold up the next buyers', async () => {
    const group = await insertGroupWithStock(db, { accounts: 20 });
    const [held, ...others] = await customers(6, 500_000);
    const other = await holdWalletRow(held!.user.id);
    let released = false;
    try {
      // Alone (nothing else in flight): it takes the slot and waits for the row.
      const first = buy(held!.cookie, { productGroupId: group.id, quantity: 1 });
      await waitingForLocks(1);
      const answers = await Promise.all(
        others.map((b) =>
          buy(b.cookie, { productGroupId: group.id, quantity: 1 }).then((res) => ({
            res,
            released,
          })),
        ),
      );
      for (const { res, released: late } of answers) {
        expect(res.statusCode, res.body).toBe(201);
        expect(late).toBe(false);
      }
      released = true;
      await other.query('commit');
      expect((await first).statusCode).toBe(201);
    } finally {
      if (!released) await other.query('rollback');
      other.release();
    }
  });

  it('buy nothing for a buyer whose sessions ended while the purchase waited for the wallet row (account deleted, password changed)', async () => {
    const group = await insertGroupWithStock(db, { accounts: 20 });
    const [deleted, changed, blocker, ...others] = await customers(7, 500_000);
    // Alone: the account is deleted (anonymised, sessions gone) by the transaction the purchase waits for.
    const deletion = await holdWalletRow(
      deleted!.user.id,
      'update users set deleted_at = now() where id = $1',
      'delete from sessions where user_id = $1',
    );
    const alone = buy(deleted!.cookie, { productGroupId: group.id, quantity: 1 });
    await waitingForLocks(1);
    await deletion.query('commit');
    deletion.release();
    const aloneAnswer = await alone;
    expect([aloneAnswer.statusCode, aloneAnswer.json().error.message]).toEqual([
      401,
      AUTH_REQUIRED_MESSAGE,
    ]);

    // In a batch: a password change (sessions gone) holds the last buyer's row. So that the five go as one
    // batch whatever order they reach the server in, a sixth buyer's purchase first takes the slot and waits
    // (its row held too) until all five are queued behind it.
    const change = await holdWalletRow(
      changed!.user.id,
      "update users set password_hash = 'changed' where id = $1",
      'delete from sessions where user_id = $1',
    );
    const slotHolding = await holdWalletRow(blocker!.user.id);
    const blocking = buy(blocker!.cookie, { productGroupId: group.id, quantity: 1 });
    await waitingForLocks(1);
    const before = app.purchases.batcher.stats();
    const answers = [...others, changed!].map((b) =>
      buy(b.cookie, { productGroupId: group.id, quantity: 1 }),
    );
    await expect.poll(() => app.purchases.batcher.stats().queued, { interval: 5 }).toBe(5);
    await slotHolding.query('commit');
    slotHolding.release();
    expect((await blocking).statusCode).toBe(201);
    // The batch now waits for the changed buyer's row; the password change commits.
    await waitingForLocks(1);
    await change.query('commit');
    change.release();
    const results = await Promise.all(answers);
    for (const res of results.slice(0, -1)) expect(res.statusCode, res.body).toBe(201);
    const last = results[results.length - 1]!;
    expect([last.statusCode, last.json().error.message]).toEqual([401, AUTH_REQUIRED_MESSAGE]);
    const after = app.purchases.batcher.stats();
    expect(after.batches - before.batches).toBe(1);
    expect(after.failedBatches).toBe(before.failedBatches);
    expect(after.deferred - before.deferred).toBe(1);

    for (const b of [deleted!, changed!]) {
      expect(await db.select().from(orders).where(eq(orders.userId, b.user.id))).toEqual([]);
      expect(await balanceOf(b.user.id)).toBe(500_000);
    }
  });
});

/** Another transaction (an admin adjustment, an account deletion…) holding a buyer's wallet row, after running
 *  `statements` (each given the user id) in it; the caller commits or rolls back and releases it. */
async function holdWalletRow(userId: string, ...statements: string[]) {
  const client = await database.pool.connect();
  await client.query('begin');
  await client.query('select 1 from users where id = $1 for update', [userId]);
  for (const statement of statements) await client.query(statement, [userId]);
  return client;
}

/** Resolves once n of this database's sessions wait for a row lock (a purchase behind a held wallet row). */
async function waitingForLocks(n: number): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n,
      { timeout: 5_000, interval: 20 },
    )
    .toBeGreaterThanOrEqual(n);
}
