// Our store killed (SIGKILL) after the supplier committed our purchase and before its answer came back (issue 54):
// the restarted process's retry queue asks again under the same key and delivers; the customer was charged once,
// the supplier sold once. Both stores are real processes; the supplier's answer is held by the fault proxy.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { freePort } from '../../db/embedded-postgres.ts';
import { checkLedger } from '../../modules/wallet/check-ledger.ts';
import { quickCustomer } from '../auth-helpers.ts';
import { spawnServer, type ServerProcess } from '../spawn-server.ts';
import { stockCountOf } from '../stock-helpers.ts';
import { faultCounts, listSupplierProduct, startSupplierStore } from '../supplier-helpers.ts';
import { createTestDatabase } from '../test-app.ts';

const supplier = await startSupplierStore({ resellerFundKobo: 10_000_000 });
const ours = await createTestDatabase();
let server: ServerProcess | null = null;
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
});

const count = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)).rows[0] as { n: number }).n;

async function until(check: () => Promise<boolean>, ms: number) {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('our store killed while the supplier’s answer is on its way', () => {
  it('delivers once after the restart, under the same key', async () => {
    const listed = await listSupplierProduct(ours.db, supplier, { accounts: 5, priceKobo: 10_000 });
    const customer = await quickCustomer(ours.db, 100_000);
    const port = await freePort();
    const env = { SUPPLIER_TIMEOUT_MS: '1000' };
    server = await spawnServer(ours.url, port, env);
    const upstreamOrders = sql`select count(*)::int as n from orders where user_id = ${supplier.resellerId}`;
    const before = await count(supplier.db, upstreamOrders);
    supplier.proxy.inject({ kind: 'slow', delayMs: 30_000 }, 1);
    const answer = fetch(`${server.url}/api/orders`, {
      method: 'POST',
      headers: {
        cookie: customer.cookie,
        origin: server.url,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ productGroupId: listed.group.id, quantity: 1 }),
    }).catch(() => null);
    // The supplier has committed our purchase; its answer waits in the proxy.
    await until(async () => (await count(supplier.db, upstreamOrders)) > before, 10_000);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(await answer).toBeNull();
    const pending = sql`select count(*)::int as n from upstream_purchases where status = 'pending'`;
    expect(await count(ours.db, pending)).toBe(1);

    server = await spawnServer(ours.url, port, env);
    await until(async () => (await count(ours.db, pending)) === 0, 30_000);
    const counts = await faultCounts(ours.db, supplier);
    console.log(
      `supplier fault "our store killed after the supplier committed": ${JSON.stringify(counts)}`,
    );
    expect(counts).toMatchObject({
      doubleCharges: 0,
      doubleUpstream: 0,
      undeliveredPaid: 0,
      pending: 0,
      delivered: 1,
      upstreamOrders: 1,
    });
    expect(await stockCountOf(supplier.db, listed.upstream.id)).toBe(4);
    expect(await checkLedger(ours.db)).toEqual([]);
    expect(await checkLedger(supplier.db)).toEqual([]);
  }, 90_000);
});
