// Two stores of this project for the supplier tests (issue 54): a supplier, a real process on a database of its own
// (spawnServer), with a reseller's customer account and API key there; and our store, whose supplier rows are
// written directly (the key sealed with the test cipher, as the connect route seals it), reaching the supplier
// through a fault-injecting proxy. Counting helpers read both databases.
import crypto from 'node:crypto';
import { afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { freePort } from '../db/embedded-postgres.ts';
import { categories, productGroups } from '../modules/catalogue/catalogue.tables.ts';
import {
  supplierListings,
  supplierProducts,
  suppliers,
} from '../modules/suppliers/suppliers.tables.ts';
import { quickCustomer } from './auth-helpers.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { spawnServer } from './spawn-server.ts';
import { insertGroupWithStock, testCipher } from './stock-helpers.ts';
import { createTestDatabase } from './test-app.ts';

export type SupplierStore = Awaited<ReturnType<typeof startSupplierStore>>;

/** The supplier: a store process, our account there (funded) with a purchase key, and the proxy in front. */
export async function startSupplierStore({ resellerFundKobo }: { resellerFundKobo: number }) {
  const database = await createTestDatabase({ poolSize: 4 });
  const server = await spawnServer(database.url, await freePort(), {
    // Our retries and the burst stay well under it: a 429 would only delay them (it is retried).
    API_KEY_REQUESTS_PER_MINUTE: '100000',
  });
  const proxy: FaultProxy = await startFaultProxy(server.url);
  afterAll(async () => {
    await proxy.close();
    server.child.kill('SIGTERM');
    await server.exited;
  });
  const reseller = await quickCustomer(database.db, resellerFundKobo);
  const res = await fetch(`${server.url}/api/me/api-keys`, {
    method: 'POST',
    headers: { cookie: reseller.cookie, origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Reseller', scopes: ['read', 'purchase'] }),
  });
  if (res.status !== 201) throw new Error(`no API key at the supplier: ${await res.text()}`);
  const { secret } = (await res.json()) as { secret: string };
  return { db: database.db, url: server.url, proxy, apiKey: secret, resellerId: reseller.user.id };
}

/** A product at the supplier with `accounts` in stock, listed in our store at `markupPercent` over its price. */
export async function listSupplierProduct(
  ourDb: Db,
  supplier: SupplierStore,
  {
    accounts,
    priceKobo,
    markupPercent = 20,
  }: { accounts: number; priceKobo: number; markupPercent?: number },
) {
  const upstream = await insertGroupWithStock(supplier.db, { accounts, priceKobo });
  const [row] = await ourDb
    .insert(suppliers)
    .values({
      name: 'Supplier',
      baseUrl: supplier.proxy.url,
      apiKeyEnc: testCipher.encrypt(supplier.apiKey),
      keyHint: supplier.apiKey.slice(-4),
      balanceKobo: 0,
    })
    .onConflictDoUpdate({ target: suppliers.baseUrl, set: { status: 'ok' } })
    .returning();
  const [product] = await ourDb
    .insert(supplierProducts)
    .values({
      supplierId: row!.id,
      upstreamId: upstream.id,
      name: upstream.name,
      categoryName: upstream.categoryId,
      priceKobo,
      stockCount: accounts,
    })
    .returning();
  const categoryId = `sup-${crypto.randomBytes(4).toString('hex')}`;
  await ourDb.insert(categories).values({ id: categoryId, name: categoryId });
  const markupBasisPoints = markupPercent * 100;
  const ourPriceKobo = Math.ceil((priceKobo * (10_000 + markupBasisPoints)) / 10_000);
  const [group] = await ourDb
    .insert(productGroups)
    .values({
      categoryId,
      name: `Resold ${upstream.name}`,
      priceKobo: ourPriceKobo,
      stockCount: accounts,
      features: ['resold'],
    })
    .returning();
  await ourDb
    .insert(supplierListings)
    .values({ productGroupId: group!.id, supplierProductId: product!.id, markupBasisPoints });
  return { group: group!, upstream, supplierId: row!.id, ourPriceKobo };
}

/** The four counts every fault test asserts (all 0) and prints. */
export async function faultCounts(ourDb: Db, supplier: SupplierStore) {
  const one = async <R>(db: Db, q: ReturnType<typeof sql>) => (await db.execute(q)).rows[0] as R;
  // Our customers: an order charged more than once, or charged without its accounts or its money back.
  const ours = await one<{ double_charges: number; undelivered_paid: number; pending: number }>(
    ourDb,
    sql`select (select count(*)::int from (select t.order_id from transactions t where t.type = 'purchase'
                 group by t.order_id having count(*) > 1) d)
             + (select count(*)::int from (select idempotency_key, user_id from orders group by 1, 2
                 having count(*) > 1) k) as double_charges,
               (select count(*)::int from orders o where o.amount_kobo > 0 and (
                  o.status = 'processing'
                  or (o.status = 'failed' and not exists (select 1 from transactions t where t.order_id = o.id and t.type = 'refund'))
                  or (o.status = 'completed' and (select count(*) from individual_accounts a where a.order_id = o.id) < o.quantity)
               )) as undelivered_paid,
               (select count(*)::int from upstream_purchases where status = 'pending') as pending`,
  );
  const keys = (await ourDb.execute(sql`select idempotency_key, status from upstream_purchases`))
    .rows as { idempotency_key: string; status: string }[];
  const upstreamOrders = (
    await supplier.db.execute(
      sql`select idempotency_key, status from orders where user_id = ${supplier.resellerId}`,
    )
  ).rows as { idempotency_key: string; status: string }[];
  const perKey = new Map<string, number>();
  for (const o of upstreamOrders)
    perKey.set(o.idempotency_key, (perKey.get(o.idempotency_key) ?? 0) + 1);
  const ourKeys = new Map(keys.map((k) => [k.idempotency_key, k.status]));
  return {
    doubleCharges: ours.double_charges,
    // Two supplier orders for one of our keys, or a supplier order that none of our purchases sent.
    doubleUpstream:
      [...perKey.values()].filter((n) => n > 1).length +
      [...perKey.keys()].filter((k) => !ourKeys.has(k)).length,
    undeliveredPaid: ours.undelivered_paid,
    pending: ours.pending,
    /** Paid at the supplier but refunded here: not a fault of the customer's, but the store's loss. */
    paidUpstreamButRefunded: upstreamOrders.filter(
      (o) => o.status === 'completed' && ourKeys.get(o.idempotency_key) === 'refused',
    ).length,
    delivered: keys.filter((k) => k.status === 'delivered').length,
    refused: keys.filter((k) => k.status === 'refused').length,
    upstreamOrders: upstreamOrders.length,
  };
}
