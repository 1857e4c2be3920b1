// The ledger check's invariants of purchases from suppliers (issue 54) name what the data breaks: three purchases
// made by the store's own verbs (one delivered, one refused, one pending; the supplier's answers given directly),
// then each invariant broken inside a transaction that is rolled back.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { quickCustomer } from '../../test/auth-helpers.ts';
import { testCipher } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { hashToken } from '../auth/sessions.ts';
import { categories, productGroups } from '../catalogue/catalogue.tables.ts';
import { requestHash } from '../orders/purchase.ts';
import { settleUpstreamPurchase } from '../suppliers/settle-upstream-purchase.ts';
import { supplierListings, supplierProducts, suppliers } from '../suppliers/suppliers.tables.ts';
import { takeSupplierOrder } from '../suppliers/take-supplier-order.ts';
import { checkLedger } from './check-ledger.ts';

const { db } = await createTestApp();

const [supplier] = await db
  .insert(suppliers)
  .values({
    name: 'S',
    baseUrl: 'http://127.0.0.1:9',
    apiKeyEnc: testCipher.encrypt('k'),
    keyHint: 'k',
  })
  .returning();
const [product] = await db
  .insert(supplierProducts)
  .values({
    supplierId: supplier!.id,
    upstreamId: crypto.randomUUID(),
    name: 'P',
    categoryName: 'C',
    priceKobo: 1000,
    stockCount: 10,
  })
  .returning();
await db.insert(categories).values({ id: 'resold', name: 'Resold' });
const [group] = await db
  .insert(productGroups)
  .values({ categoryId: 'resold', name: 'Resold P', priceKobo: 1200, stockCount: 10 })
  .returning();
await db.insert(supplierListings).values({
  productGroupId: group!.id,
  supplierProductId: product!.id,
  markupBasisPoints: 2000,
});

/** A purchase debited and pending, as the first transaction leaves it; its upstream row's id. */
async function take() {
  const customer = await quickCustomer(db, 10_000);
  const input = { productGroupId: group!.id, quantity: 1 };
  const row = await takeSupplierOrder(db, {
    userId: customer.user.id,
    sessionTokenHash: hashToken(customer.cookie.replace('sid=', '')),
    idempotencyKey: crypto.randomUUID(),
    requestHash: requestHash(input),
    productGroupId: group!.id,
    quantity: 1,
    accountId: null,
    secretKeyPattern: '',
    emailBody: '',
    promoCode: null,
  });
  const [up] = (
    await db.execute(sql`select id from upstream_purchases where order_id = ${row!.order_id}`)
  ).rows as { id: string }[];
  return { orderId: row!.order_id!, purchaseId: up!.id };
}

const account = {
  username: `acc-${crypto.randomUUID()}`,
  password: 'pw',
  email: null,
  emailPassword: null,
  twoFaCode: null,
  additionalInfo: {},
};
const delivered = await take();
await settleUpstreamPurchase(
  db,
  testCipher,
  delivered.purchaseId,
  { kind: 'delivered', upstreamOrderId: 'up-1', accounts: [account] },
  1,
);
const refused = await take();
await settleUpstreamPurchase(
  db,
  testCipher,
  refused.purchaseId,
  { kind: 'refused', reason: 'out_of_stock', message: 'sold out' },
  1,
);
const pending = await take();

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

describe('the invariants of purchases from suppliers', () => {
  it('find nothing wrong after a delivery, a refusal and a purchase still pending', async () => {
    expect(await checkLedger(db)).toEqual([]);
  });

  it('name each invariant the data breaks', async () => {
    expect(
      await brokenBy((tx) =>
        tx.execute(sql`update orders set status = 'completed' where id = ${pending.orderId}`),
      ),
    ).toContain(
      "every purchase from a supplier is in its order's state (pending: processing, delivered: completed, refused: failed)",
    );
    expect(
      await brokenBy((tx) =>
        tx.execute(sql`update transactions set order_id = null
                        where order_id = ${pending.orderId} and type = 'purchase'`),
      ),
    ).toEqual(['every order bought from a supplier has its purchase ledger row for its amount']);
    expect(
      await brokenBy((tx) =>
        tx.execute(sql`update individual_accounts set order_id = null, sold_at = null, status = 'available'
                        where order_id = ${delivered.orderId}`),
      ),
    ).toContain(
      'every delivered purchase from a supplier has its order completed with its quantity of accounts',
    );
    expect(
      await brokenBy(async (tx) => {
        await tx.execute(sql`update transactions set amount_kobo = amount_kobo - 1
                              where order_id = ${refused.orderId} and type = 'refund'`);
        await tx.execute(sql`update users u set wallet_balance_kobo = wallet_balance_kobo - 1
                              from orders o where o.id = ${refused.orderId} and u.id = o.user_id`);
      }),
    ).toEqual([
      'every refused purchase from a supplier refunded its whole order once, to its buyer, and nothing else did',
    ]);
    expect(
      await brokenBy((tx) =>
        tx.execute(sql`delete from upstream_purchases where order_id = ${pending.orderId}`),
      ),
    ).toEqual(['every processing order has its purchase from a supplier']);
  });
});
