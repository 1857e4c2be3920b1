// The invariant checker itself: silent on a store that only ever changed through its own code, and naming
// each invariant when the data breaks it, both as a function and as `npm run check:ledger`.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { quickCustomer, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { reportClient } from '../../test/report-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { referrals } from '../referrals/referrals.tables.ts';
import { rewardReferrer } from '../referrals/reward-referrer.ts';
import { checkLedger } from './check-ledger.ts';
import { postLedgerEntry } from './post-ledger-entry.ts';

// This file breaks the invariants on purpose (each time inside a transaction it rolls back).
const { app, db, database } = await createTestApp({ database: { checkInvariants: false } });

const group = await insertGroupWithStock(db, { accounts: 5, priceKobo: 150_000 });
const { user, cookie } = await quickCustomer(db, 1_000_000);
const bought = await app.inject({
  method: 'POST',
  url: '/api/orders',
  headers: { cookie, ...SAME_ORIGIN, 'idempotency-key': crypto.randomUUID() },
  payload: { productGroupId: group.id, quantity: 2 },
});
const orderId = (bought.json() as { order: { id: string } }).order.id;
// After the sale: one account of the order replaced, the other refunded, through the store's own routes.
const admin = await signedInUser(app, db, { isAdmin: true });
const reports = reportClient(app);
const [first, second] = (await reports.orderOf(cookie, orderId)).items;
const reported = await reports.report(cookie, orderId, [first!.accountId, second!.accountId]);
const [replaceId, refundId] = reported.json<{ reportIds: string[] }>().reportIds;
await reports.resolve(admin.cookie, replaceId!, { action: 'replace' });
await reports.resolve(admin.cookie, refundId!, { action: 'refund' });
const topupReference = `ACCTSTORE_${Date.now()}_check`;
await db.execute(sql`insert into payments (user_id, reference, provider, amount_kobo, status, expires_at)
                     values (${user.id}, ${topupReference}, 'sandbox', 50000, 'pending', now() + interval '1 hour')`);

/** The invariants broken by `change`, which is rolled back afterwards. */
async function brokenBy(change: (tx: Db) => Promise<unknown>): Promise<string[]> {
  let found: string[] = [];
  await db
    .transaction(async (tx) => {
      await change(tx as unknown as Db);
      found = [...new Set((await checkLedger(tx as unknown as Db)).map((v) => v.invariant))];
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Error && err.message === 'Rollback')) throw err;
    });
  return found;
}

describe('the invariant checker', () => {
  it('finds nothing wrong after top-ups, purchases, replacements and refunds made by the store', async () => {
    expect(bought.statusCode).toBe(201);
    expect(reported.statusCode).toBe(201);
    expect(
      await db.execute(sql`select status from account_reports order by status`).then((r) => r.rows),
    ).toEqual([{ status: 'refunded' }, { status: 'replaced' }]);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('names each invariant the data breaks', async () => {
    expect(
      await brokenBy((tx) =>
        tx.execute(
          sql`update users set wallet_balance_kobo = wallet_balance_kobo + 1 where id = ${user.id}`,
        ),
      ),
    ).toEqual(['wallet balance equals the sum of its completed ledger rows']);
    // The schema refuses a negative balance too (the column's domain); the checker is the second line, for a
    // database whose column lost its type.
    expect(
      await brokenBy(async (tx) => {
        await tx.execute(sql`alter table users alter column wallet_balance_kobo type bigint`);
        await tx.execute(sql`update users set wallet_balance_kobo = -100 where id = ${user.id}`);
      }),
    ).toContain('no wallet balance below zero');
    expect(
      await brokenBy((tx) =>
        tx.execute(
          sql`update orders set product_group_id = ${crypto.randomUUID()} where id = ${orderId}`,
        ),
      ),
    ).toContain("every order's product group exists");
    expect(
      await brokenBy((tx) =>
        tx.execute(sql`update orders set status = 'failed' where id = ${orderId}`),
      ),
    ).toEqual([
      'every sold, replaced or refunded account belongs to exactly one completed order of its group',
    ]);
    expect(
      await brokenBy((tx) =>
        tx.execute(sql`update individual_accounts set order_id = null, sold_at = null, status = 'available'
                       where id = (select id from individual_accounts where order_id = ${orderId} and status = 'sold' limit 1)`),
      ),
    ).toContain('every completed order holds exactly its quantity of sold and refunded accounts');
    expect(
      await brokenBy((tx) =>
        tx.execute(
          sql`update transactions set order_id = null where order_id = ${orderId} and type = 'purchase'`,
        ),
      ),
    ).toEqual(['every completed order has its purchase ledger row for its amount']);
    expect(
      await brokenBy((tx) =>
        tx.execute(
          sql`update individual_accounts set status = 'sold' where id = ${first!.accountId}`,
        ),
      ),
    ).toEqual([
      'every completed order holds exactly its quantity of sold and refunded accounts',
      "every report's account is in the state its report says (open: sold; replaced; refunded)",
    ]);
    expect(
      await brokenBy((tx) =>
        tx.execute(
          sql`update account_reports set replacement_account_id = ${second!.accountId} where id = ${replaceId}`,
        ),
      ),
    ).toEqual([
      'every replaced account has a replaced report whose replacement was sold to the same order after it',
    ]);
    expect(
      await brokenBy(async (tx) => {
        await tx.execute(
          sql`update transactions set amount_kobo = amount_kobo + 1 where report_id = ${refundId}`,
        );
        await tx.execute(
          sql`update users set wallet_balance_kobo = wallet_balance_kobo + 1 where id = ${user.id}`,
        );
      }),
    ).toEqual([
      'every refunded account is refunded once, for its share of what its order paid (amount / quantity, rounded down), to its buyer, linked to its order and report',
    ]);
    expect(
      await brokenBy((tx) =>
        tx.execute(
          sql`update account_reports set status = 'open', resolved_at = null where id = ${refundId}`,
        ),
      ),
    ).toEqual([
      "every report's account is in the state its report says (open: sold; replaced; refunded)",
      'every refunded account is refunded once, for its share of what its order paid (amount / quantity, rounded down), to its buyer, linked to its order and report',
      'every refund ledger row with a report belongs to a refunded report of its order',
    ]);
    expect(
      await brokenBy((tx) =>
        tx.execute(sql`update orders set discount_kobo = 1 where id = ${orderId}`),
      ),
    ).toContain(
      'every order paid its volume price less its discount, and a discount has its promo code',
    );
    expect(
      await brokenBy(async (tx) => {
        await tx.execute(
          sql`insert into promo_codes (code, kind, percent_off, scope, uses) values ('CHECKED', 'percent', 5, 'all', 1)`,
        );
      }),
    ).toEqual(["every promo code's uses are its orders (0 for a code without a limit)"]);
    expect(
      await brokenBy((tx) =>
        tx.execute(
          sql`update payments set status = 'completed' where reference = ${topupReference}`,
        ),
      ),
    ).toEqual(['every completed top-up payment is credited once for its amount']);
    expect(
      await brokenBy((tx) =>
        tx.execute(
          sql`update product_groups set stock_count = stock_count + 1 where id = ${group.id}`,
        ),
      ),
    ).toEqual(['stock_count equals the available accounts of each group']);
    expect(
      await brokenBy((tx) =>
        tx.execute(
          sql`update product_groups set claim_from_created_at = 'infinity' where id = ${group.id}`,
        ),
      ),
    ).toEqual(['no available account is older than its group claim start']);
  });

  it('names the referral invariants: a reward only to the referrer of a tied customer, for its amount', async () => {
    const referrer = await quickCustomer(db);
    const referee = await quickCustomer(db);
    await db
      .insert(referrals)
      .values({ refereeId: referee.user.id, referrerId: referrer.user.id, status: 'tied' });
    const reference = `ACCTSTORE_${Date.now()}_referral`;
    const [payment] = await db
      .execute<{ id: string }>(
        sql`insert into payments
        (user_id, reference, provider, amount_kobo, status, expires_at, completed_at)
        values (${referee.user.id}, ${reference}, 'sandbox', 100000, 'completed', now() + interval '1 hour', now())
        returning id`,
      )
      .then((r) => r.rows);
    await db.transaction(async (tx) => {
      await postLedgerEntry(tx, {
        userId: referee.user.id,
        type: 'topup',
        amountKobo: 100_000,
        description: 'Wallet top-up',
        reference,
        paymentId: payment!.id,
      });
      const topup = { id: payment!.id, userId: referee.user.id, amountKobo: 100_000, reference };
      await rewardReferrer(tx, topup, { percent: 5, maxTopups: 3 }, async () => 1);
    });
    expect(await checkLedger(db)).toEqual([]);
    const rewardRule =
      'every referral reward ledger row is the reward of a credited top-up of a customer tied to its owner';
    expect(
      await brokenBy((tx) =>
        tx.execute(
          sql`update referrals set status = 'refused', refusal = 'known_device' where referee_id = ${referee.user.id}`,
        ),
      ),
    ).toEqual([rewardRule]);
    expect(
      await brokenBy((tx) =>
        tx.execute(
          sql`update referral_rewards set amount_kobo = amount_kobo + 1 where payment_id = ${payment!.id}`,
        ),
      ),
    ).toEqual([rewardRule]);
    expect(
      await brokenBy((tx) =>
        tx.execute(sql`delete from referral_rewards where payment_id = ${payment!.id}`),
      ),
    ).toEqual([rewardRule]);
  });

  it('npm run check:ledger exits 0 on a sound database and 1, naming the invariant, on a broken one', async () => {
    const run = () =>
      spawnSync(process.execPath, ['src/server/cli/check-ledger.ts'], {
        env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      });
    const sound = run();
    expect(sound.status).toBe(0);
    expect(sound.stdout).toContain('every invariant holds');

    await db.execute(
      sql`update product_groups set stock_count = stock_count + 3 where id = ${group.id}`,
    );
    try {
      const broken = run();
      expect(broken.status).toBe(1);
      expect(broken.stdout).toContain(
        'BROKEN: stock_count equals the available accounts of each group',
      );
    } finally {
      await db.execute(
        sql`update product_groups set stock_count = stock_count - 3 where id = ${group.id}`,
      );
    }
  });
});
