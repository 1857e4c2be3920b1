// The two stores of the supplier tests (issue 54) and what the tests do with them: our store in this process (its
// background jobs off: the retry queue is run by hand, its backoff skipped), the supplier a process of its own behind
// the fault proxy; buy through the one purchase route, read an order, settle the retries, count the faults.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CustomerOrder, PurchaseResult } from '../../shared/orders.ts';
import { users } from '../modules/auth/auth.tables.ts';
import { upstreamAttempts } from '../modules/suppliers/attempt-upstream-purchase.ts';
import { retryDueUpstreamPurchases } from '../modules/suppliers/retry-upstream-purchases.ts';
import { checkLedger } from '../modules/wallet/check-ledger.ts';
import { SAME_ORIGIN } from './auth-helpers.ts';
import { testCipher } from './stock-helpers.ts';
import { faultCounts, startSupplierStore } from './supplier-helpers.ts';
import { createTestApp } from './test-app.ts';

export async function startTwoStores(timeoutMs: number) {
  const supplier = await startSupplierStore({ resellerFundKobo: 100_000_000 });
  const { app, db } = await createTestApp({ env: { SUPPLIER_TIMEOUT_MS: String(timeoutMs) } });
  const attempts = upstreamAttempts(db, testCipher, timeoutMs, { warn: () => {} });

  async function buy(
    cookie: string,
    productGroupId: string,
    quantity = 1,
    key = crypto.randomUUID(),
  ) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, ...SAME_ORIGIN, 'idempotency-key': key },
      payload: { productGroupId, quantity },
    });
    return { status: res.statusCode, body: res.json() as PurchaseResult, key };
  }

  async function orderOf(cookie: string, id: string): Promise<CustomerOrder> {
    const res = await app.inject({ method: 'GET', url: '/api/orders', headers: { cookie } });
    return (res.json() as { orders: CustomerOrder[] }).orders.find((o) => o.id === id)!;
  }

  /** The retry queue, by hand, until nothing is pending (its backoff skipped: every pending purchase made due). */
  async function settle(rounds = 10) {
    for (let i = 0; i < rounds; i++) {
      await db.execute(
        sql`update upstream_purchases set next_attempt_at = now() where status = 'pending'`,
      );
      await retryDueUpstreamPurchases(attempts);
      const [row] = (
        await db.execute(
          sql`select count(*)::int as n from upstream_purchases where status = 'pending'`,
        )
      ).rows as { n: number }[];
      if (row!.n === 0) return;
    }
  }

  /** The counts the integrator quotes, printed; all 0, and the ledger check on both stores. */
  async function expectNoFaults(name: string) {
    const counts = await faultCounts(db, supplier);
    console.log(`supplier fault "${name}": ${JSON.stringify(counts)}`);
    expect(counts).toMatchObject({
      doubleCharges: 0,
      doubleUpstream: 0,
      undeliveredPaid: 0,
      pending: 0,
    });
    expect(await checkLedger(db)).toEqual([]);
    expect(await checkLedger(supplier.db)).toEqual([]);
    return counts;
  }

  const walletOf = async (userId: string) =>
    (await db.select().from(users).where(eq(users.id, userId)))[0]!.walletBalanceKobo;

  return { supplier, app, db, buy, orderOf, settle, expectNoFaults, walletOf };
}
