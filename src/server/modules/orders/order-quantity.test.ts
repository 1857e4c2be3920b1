// The quantity per order: the purchase's rule is SQL's (db/functions/05-order-quantity-allowed.sql); the screens'
// copy (shared/order-quantity.ts) must agree with it on every case, and the purchase refuses with the limits.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isQuantityAllowed, orderMessages } from '../../../shared/orders.ts';
import { quickCustomer } from '../../test/auth-helpers.ts';
import { purchaseClient } from '../../test/purchase-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';

const { app, db } = await createTestApp();
const { buy, balanceOf } = purchaseClient(app, db);

describe('quantity per order', () => {
  it("says the same as the purchase's own rule for every quantity and limits", async () => {
    const cases = [];
    for (const min of [1, 2, 5])
      for (const max of [null, min, min + 3])
        for (let quantity = 0; quantity <= 10; quantity++) cases.push({ quantity, min, max });
    const { rows } = await db.execute<{ allowed: boolean }>(
      sql`select order_quantity_allowed(c.q, c.mn, c.mx) as allowed
            from unnest(${sql.param(cases.map((c) => c.quantity))}::int[],
                        ${sql.param(cases.map((c) => c.min))}::int[],
                        ${sql.param(cases.map((c) => c.max))}::int[]) with ordinality c(q, mn, mx, n)
           order by c.n`,
    );
    expect(rows.map((r) => r.allowed)).toEqual(
      cases.map((c) =>
        isQuantityAllowed(c.quantity, { minOrderQuantity: c.min, maxOrderQuantity: c.max }),
      ),
    );
  });

  it("refuses an order outside the group's limits with them in the message, alone and side by side, and takes nothing", async () => {
    const group = await insertGroupWithStock(db, { accounts: 50, priceKobo: 10_000 });
    await db
      .update(productGroups)
      .set({ minOrderQuantity: 2, maxOrderQuantity: 4 })
      .where(sql`${productGroups.id} = ${group.id}`);
    const message = orderMessages.quantityLimits({ minOrderQuantity: 2, maxOrderQuantity: 4 });
    expect(message).toBe('Order 2 to 4 accounts of this product at a time.');

    const alone = await quickCustomer(db, 1_000_000);
    for (const quantity of [1, 5]) {
      const res = await buy(alone.cookie, { productGroupId: group.id, quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'QUANTITY_NOT_ALLOWED', message } });
    }
    expect(await balanceOf(alone.user.id)).toBe(1_000_000);

    // Side by side, so that batches form: the ones within the limits complete, the others are refused the same.
    const before = app.purchases.batcher.stats();
    const buyers = await Promise.all(
      Array.from({ length: 24 }, () => quickCustomer(db, 1_000_000)),
    );
    const answers = await Promise.all(
      buyers.map((b, i) => buy(b.cookie, { productGroupId: group.id, quantity: 1 + (i % 6) })),
    );
    for (const [i, res] of answers.entries()) {
      const quantity = 1 + (i % 6);
      if (quantity >= 2 && quantity <= 4) expect(res.statusCode, res.body).toBe(201);
      else {
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('QUANTITY_NOT_ALLOWED');
        expect(await balanceOf(buyers[i]!.user.id)).toBe(1_000_000);
      }
    }
    expect(app.purchases.batcher.stats().batches).toBeGreaterThan(before.batches);
  });
});
