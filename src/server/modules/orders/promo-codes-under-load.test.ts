// Volume prices and promo codes on the real purchase (db/functions/06-09, 40, 41, 42): the tier the quantity reaches,
// the code's window, scope and limits, the two combined (tier first, then the code, never below zero), exactly N
// redemptions when many buyers race for N uses, nothing redeemed by a purchase that fails or is replayed, and the
// checkout's quote equal to the charge.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickCustomer } from '../../test/auth-helpers.ts';
import { promoCodes } from '../promotions/promotions.tables.ts';
import { transactions } from '../wallet/wallet.tables.ts';
import { pricingTestKit } from '../../test/kits/pricing-kit.ts';

const { app, db, buy, balanceOf, admin, tieredGroup, TWO_AT_THE_TIER_15_OFF, createCode, usesOf } =
  await pricingTestKit();

describe('promo codes under load, and in the console', () => {
  it('with 10 uses left, 50 parallel purchases redeem exactly 10; the others are told it is used up and pay nothing', async () => {
    const group = await tieredGroup(100);
    const code = await createCode({ maxUses: 12 });
    // Two uses already gone: 10 left.
    const early = await quickCustomer(db, 100_000);
    for (let i = 0; i < 2; i++)
      expect(
        (await buy(early.cookie, { productGroupId: group.id, quantity: 1, promoCode: code }))
          .statusCode,
      ).toBe(201);
    const buyers = await Promise.all(Array.from({ length: 50 }, () => quickCustomer(db, 50_000)));
    const before = app.purchases.batcher.stats();
    const answers = await Promise.all(
      buyers.map((b) => buy(b.cookie, { productGroupId: group.id, quantity: 2, promoCode: code })),
    );
    // Side by side, they went through the batch (purchase_orders() hands out the code's uses left), and no batch
    // had to give up (its last guard, should it count past the uses, fails it as a whole).
    const after = app.purchases.batcher.stats();
    expect(after.completedWithCodeInBatches).toBeGreaterThan(before.completedWithCodeInBatches);
    expect(after.failedBatches).toBe(before.failedBatches);
    const won = answers.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(10);
    for (const [i, res] of answers.entries()) {
      if (res.statusCode === 201) {
        expect(res.json().order.amountKobo).toBe(14_400);
        expect(await balanceOf(buyers[i]!.user.id)).toBe(50_000 - 14_400);
      } else {
        expect(res.json().error.code).toBe('PROMO_CODE_USED_UP');
        expect(await balanceOf(buyers[i]!.user.id)).toBe(50_000);
      }
    }
    expect(await usesOf(code)).toBe(12);
  });

  it('without a limit of uses, are never written by a purchase: purchases alone and side by side go on while the code row is held, and the tab counts them', async () => {
    const group = await tieredGroup(100);
    const code = await createCode({ percentOff: 10 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => quickCustomer(db, 50_000)));
    // Held as the console's "end now" holds it (or, before, another process's purchase with the code did, to its
    // commit): were the purchases to write the row, they would wait here until the test timed out.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from promo_codes where code = ${code} for no key update`);
      const alone = await buy(buyers[0]!.cookie, {
        productGroupId: group.id,
        quantity: 1,
        promoCode: code,
      });
      expect(alone.statusCode, alone.body).toBe(201);
      const together = await Promise.all(
        buyers
          .slice(1)
          .map((b) => buy(b.cookie, { productGroupId: group.id, quantity: 1, promoCode: code })),
      );
      for (const res of together) expect(res.statusCode, res.body).toBe(201);
    });
    expect(await usesOf(code)).toBe(6);
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
    expect(row!.uses).toBe(0);
  });

  it('side by side (batched), keep to the uses per customer, and price and record each order as alone', async () => {
    const group = await tieredGroup(100);
    const code = await createCode({ percentOff: 15, maxUsesPerCustomer: 1 });
    // Eight buyers have used their one use already (one by one, alone); eight have not.
    const used = await Promise.all(Array.from({ length: 8 }, () => quickCustomer(db, 100_000)));
    const body = { productGroupId: group.id, quantity: 2, promoCode: code.toLowerCase() };
    for (const b of used) expect((await buy(b.cookie, body)).statusCode).toBe(201);
    const fresh = await Promise.all(Array.from({ length: 8 }, () => quickCustomer(db, 100_000)));
    const before = app.purchases.batcher.stats();
    const answers = await Promise.all([...fresh, ...used].map((b) => buy(b.cookie, body)));
    const after = app.purchases.batcher.stats();
    expect(after.completedWithCodeInBatches).toBeGreaterThan(before.completedWithCodeInBatches);
    expect(after.failedBatches).toBe(before.failedBatches);
    for (const [i, res] of answers.slice(0, 8).entries()) {
      // 2 × ₦80 at the tier, 15% off: ₦136.
      expect(res.statusCode, res.body).toBe(201);
      const order = res.json().order;
      expect(order).toMatchObject({ ...TWO_AT_THE_TIER_15_OFF, promoCode: code });
      const [debit] = await db
        .select()
        .from(transactions)
        .where(eq(transactions.orderId, order.id));
      expect(debit!.amountKobo).toBe(-13_600);
      expect(await balanceOf(fresh[i]!.user.id)).toBe(100_000 - 13_600);
      const history = await app.inject({
        url: '/api/orders',
        headers: { cookie: fresh[i]!.cookie },
      });
      expect(history.json().orders[0]).toMatchObject({ discountKobo: 2_400, promoCode: code });
    }
    for (const [i, res] of answers.slice(8).entries()) {
      expect(res.json().error.code).toBe('PROMO_CODE_CUSTOMER_LIMIT');
      expect(await balanceOf(used[i]!.user.id)).toBe(100_000 - 13_600);
    }
    expect(await usesOf(code)).toBe(16);
  });

  it('are not redeemed by a purchase that fails, nor twice by a replayed one', async () => {
    const group = await tieredGroup(3);
    const code = await createCode({ maxUses: 5 });
    const poor = await quickCustomer(db, 1_000);
    const short = await buy(poor.cookie, {
      productGroupId: group.id,
      quantity: 2,
      promoCode: code,
    });
    expect(short.json().error.code).toBe('INSUFFICIENT_BALANCE');
    const rich = await quickCustomer(db, 1_000_000);
    const tooMany = await buy(rich.cookie, {
      productGroupId: group.id,
      quantity: 5,
      promoCode: code,
    });
    expect(tooMany.json().error.code).toBe('OUT_OF_STOCK');
    expect(await usesOf(code)).toBe(0);

    // The same key, sent five times at once and once more after: one order, one redemption.
    const key = crypto.randomUUID();
    const body = { productGroupId: group.id, quantity: 1, promoCode: code };
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(rich.cookie, body, key)));
    answers.push(await buy(rich.cookie, body, key));
    expect(new Set(answers.map((r) => r.json().order.id)).size).toBe(1);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await usesOf(code)).toBe(1);
    expect(await balanceOf(rich.user.id)).toBe(1_000_000 - 9_000);
    // The same key with another code is another request.
    const other = await createCode({});
    const mismatch = await buy(rich.cookie, { ...body, promoCode: other }, key);
    expect(mismatch.json().error.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await usesOf(other)).toBe(0);
  });

  it('are listed in the Promotions tab with uses and revenue, and the Orders tab filters by code', async () => {
    const group = await tieredGroup();
    const code = await createCode({ kind: 'fixed', amountOffKobo: 1_000 });
    const buyer = await quickCustomer(db, 100_000);
    await buy(buyer.cookie, { productGroupId: group.id, quantity: 2, promoCode: code });
    await buy(buyer.cookie, { productGroupId: group.id, quantity: 1, promoCode: code });
    await buy(buyer.cookie, { productGroupId: group.id, quantity: 1 });
    const list = await app.inject({
      url: '/api/admin/promo-codes',
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode).toBe(200);
    const row = list.json().promoCodes.find((p: { code: string }) => p.code === code);
    expect(row).toMatchObject({ uses: 2, revenueKobo: 15_000 + 9_000, discountKobo: 2_000 });
    const orders = await app.inject({
      url: `/api/admin/orders?promoCode=${code.toLowerCase()}`,
      headers: { cookie: admin.cookie },
    });
    expect(orders.statusCode).toBe(200);
    expect(orders.json().orders.map((o: { promoCode: string }) => o.promoCode)).toEqual([
      code,
      code,
    ]);
    expect(orders.json().totals).toMatchObject({ orders: 2, amountKobo: 24_000 });
    // Customers cannot see or make codes.
    const refused = await app.inject({
      url: '/api/admin/promo-codes',
      headers: { cookie: buyer.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});
