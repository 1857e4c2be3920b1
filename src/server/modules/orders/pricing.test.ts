// Volume prices and promo codes on the real purchase (db/functions/06-09, 40, 41, 42): the tier the quantity reaches,
// the code's window, scope and limits, the two combined (tier first, then the code, never below zero), exactly N
// redemptions when many buyers race for N uses, nothing redeemed by a purchase that fails or is replayed, and the
// checkout's quote equal to the charge.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SAME_ORIGIN, quickAdmin, quickCustomer } from '../../test/auth-helpers.ts';
import { purchaseClient } from '../../test/purchase-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { unitPriceFor, type VolumePrice } from '../../../shared/volume-prices.ts';
import type { PromoCodeInput } from '../../../shared/promotions.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import { promoCodes } from '../promotions/promotions.tables.ts';
import { readPromoCodes } from '../promotions/read-promo-codes.ts';
import { transactions } from '../wallet/wallet.tables.ts';

const { app, db } = await createTestApp();
const { buy, balanceOf } = purchaseClient(app, db);
const admin = await quickAdmin(db);

const TIERS: VolumePrice[] = [
  { minQuantity: 2, priceKobo: 8_000 },
  { minQuantity: 5, priceKobo: 6_000 },
];

async function tieredGroup(accounts = 40, priceKobo = 10_000, tiers = TIERS) {
  const group = await insertGroupWithStock(db, { accounts, priceKobo });
  await db.update(productGroups).set({ volumePrices: tiers }).where(eq(productGroups.id, group.id));
  return group;
}

/** An order of 2 at the first tier (₦80 each, list ₦100) with 15% off: what it records and pays. */
const TWO_AT_THE_TIER_15_OFF = {
  pricePerUnitKobo: 8_000,
  listAmountKobo: 20_000,
  discountKobo: 2_400,
  amountKobo: 13_600,
};

let codes = 0;
async function createCode(input: Partial<PromoCodeInput>): Promise<string> {
  const code = `T${process.pid}X${++codes}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/promo-codes',
    headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    payload: { code, kind: 'percent', percentOff: 10, ...input },
  });
  expect(res.statusCode, res.body).toBe(201);
  return code;
}
/** A code's uses as the Promotions tab counts them (its orders; the check after each test holds the counter to them). */
const usesOf = async (code: string) =>
  (await readPromoCodes(db)).find((c) => c.code === code)!.uses;
const quote = (cookie: string, body: object) =>
  app.inject({
    method: 'POST',
    url: '/api/orders/quote',
    headers: { cookie, ...SAME_ORIGIN },
    payload: body,
  });

describe('volume prices', () => {
  it("match the screens' copy on every quantity and tier set", async () => {
    const sets: VolumePrice[][] = [
      [],
      TIERS,
      [{ minQuantity: 3, priceKobo: 0 }],
      [...TIERS].reverse(),
    ];
    const cases = sets.flatMap((tiers) =>
      Array.from({ length: 8 }, (_, q) => ({ tiers, quantity: q + 1 })),
    );
    for (const c of cases) {
      const { rows } = await db.execute<{ price: string }>(
        sql`select unit_price_kobo(10000, ${JSON.stringify(c.tiers)}::jsonb, ${c.quantity}::int) as price`,
      );
      expect(Number(rows[0]!.price)).toBe(unitPriceFor(10_000, c.tiers, c.quantity));
    }
  });

  it('charge the tier the quantity reaches, alone and side by side (batched), and the order says so', async () => {
    const group = await tieredGroup(200);
    const alone = await quickCustomer(db, 1_000_000);
    for (const [quantity, paid] of [
      [1, 10_000],
      [2, 16_000],
      [5, 30_000],
    ] as const) {
      const res = await buy(alone.cookie, { productGroupId: group.id, quantity });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().order).toMatchObject({
        pricePerUnitKobo: paid / quantity,
        listAmountKobo: 10_000 * quantity,
        discountKobo: 0,
        promoCode: null,
        amountKobo: paid,
      });
    }
    expect(await balanceOf(alone.user.id)).toBe(1_000_000 - 56_000);

    const before = app.purchases.batcher.stats();
    const buyers = await Promise.all(Array.from({ length: 24 }, () => quickCustomer(db, 100_000)));
    const answers = await Promise.all(
      buyers.map((b, i) => buy(b.cookie, { productGroupId: group.id, quantity: 1 + (i % 6) })),
    );
    for (const [i, res] of answers.entries()) {
      const quantity = 1 + (i % 6);
      expect(res.statusCode, res.body).toBe(201);
      const unit = unitPriceFor(10_000, TIERS, quantity);
      expect(res.json().order.amountKobo).toBe(unit * quantity);
      expect(await balanceOf(buyers[i]!.user.id)).toBe(100_000 - unit * quantity);
    }
    expect(app.purchases.batcher.stats().completedInBatches).toBeGreaterThan(
      before.completedInBatches,
    );
  });

  it('are refused by the console unless each tier is for more accounts at a lower price', async () => {
    const group = await insertGroupWithStock(db, { accounts: 0, priceKobo: 10_000 });
    const edit = (volumePrices: VolumePrice[]) =>
      app.inject({
        method: 'PATCH',
        url: `/api/admin/product-groups/${group.id}`,
        headers: { cookie: admin.cookie, ...SAME_ORIGIN },
        payload: {
          productName: 'Tiered',
          categoryId: group.categoryId,
          priceKobo: 10_000,
          volumePrices,
        },
      });
    for (const bad of [
      [{ minQuantity: 2, priceKobo: 10_000 }],
      [{ minQuantity: 1, priceKobo: 5_000 }],
      [
        { minQuantity: 2, priceKobo: 8_000 },
        { minQuantity: 5, priceKobo: 9_000 },
      ],
    ])
      expect((await edit(bad)).statusCode).toBe(400);
    const res = await edit([...TIERS].reverse());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item.volumePrices).toEqual(TIERS);
  });
});

describe('promo codes', () => {
  it('apply on top of the tier price, as the quote said, and the order and ledger record it', async () => {
    const group = await tieredGroup();
    const buyer = await quickCustomer(db, 100_000);
    const code = await createCode({ percentOff: 15 });
    const body = { productGroupId: group.id, quantity: 2, promoCode: code.toLowerCase() };
    // 2 × ₦80 = ₦160 at the tier; 15% of it is ₦24; ₦136 paid.
    const quoted = await quote(buyer.cookie, body);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toEqual({
      listPriceKobo: 10_000,
      unitPriceKobo: 8_000,
      quantity: 2,
      listAmountKobo: 20_000,
      subtotalKobo: 16_000,
      discountKobo: 2_400,
      totalKobo: 13_600,
      promoCode: code,
    });
    const res = await buy(buyer.cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    expect(order).toMatchObject({ ...TWO_AT_THE_TIER_15_OFF, promoCode: code });
    expect(res.json().balanceKobo).toBe(100_000 - 13_600);
    const [debit] = await db.select().from(transactions).where(eq(transactions.orderId, order.id));
    expect(debit!.amountKobo).toBe(-13_600);
    expect(await usesOf(code)).toBe(1);
    // The history says the same after the fact.
    const history = await app.inject({ url: '/api/orders', headers: { cookie: buyer.cookie } });
    expect(history.json().orders[0]).toMatchObject({ discountKobo: 2_400, promoCode: code });
  });

  it('round a percentage down to whole kobo and never take more than the order costs', async () => {
    const group = await insertGroupWithStock(db, { accounts: 5, priceKobo: 999 });
    const buyer = await quickCustomer(db, 10_000);
    const third = await createCode({ percentOff: 33 });
    expect(
      (
        await quote(buyer.cookie, { productGroupId: group.id, quantity: 1, promoCode: third })
      ).json(),
    ).toMatchObject({ discountKobo: 329, totalKobo: 670 });
    const big = await createCode({ kind: 'fixed', amountOffKobo: 50_000 });
    const res = await buy(buyer.cookie, { productGroupId: group.id, quantity: 1, promoCode: big });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ discountKobo: 999, amountKobo: 0 });
    expect(await balanceOf(buyer.user.id)).toBe(10_000);
  });

  it('are refused outside their window, scope and limits, with the reason, and the refusal changes nothing', async () => {
    const group = await tieredGroup();
    const other = await insertGroupWithStock(db, { accounts: 5, priceKobo: 10_000 });
    const buyer = await quickCustomer(db, 1_000_000);
    const hour = 3600_000;
    const cases: [Partial<PromoCodeInput> | string, number, string, string][] = [
      ['NOSUCHCODE', 1, 'PROMO_CODE_UNKNOWN', 'This promo code does not exist.'],
      [
        { startsAt: new Date(Date.now() + hour).toISOString() },
        1,
        'PROMO_CODE_NOT_STARTED',
        'This promo code is not active yet.',
      ],
      [
        {
          startsAt: new Date(Date.now() - 2 * hour).toISOString(),
          endsAt: new Date(Date.now() - hour).toISOString(),
        },
        1,
        'PROMO_CODE_EXPIRED',
        'This promo code has expired.',
      ],
      [
        { scope: 'product_group', productGroupId: other.id },
        1,
        'PROMO_CODE_NOT_APPLICABLE',
        'This promo code does not apply to this product.',
      ],
      [
        { scope: 'category', categoryId: other.categoryId },
        1,
        'PROMO_CODE_NOT_APPLICABLE',
        'This promo code does not apply to this product.',
      ],
      // The minimum is of the tier subtotal: 2 × ₦80 = ₦160 < ₦170.
      [
        { minOrderKobo: 17_000 },
        2,
        'PROMO_CODE_MINIMUM_NOT_MET',
        'This promo code needs an order of at least ₦170.00.',
      ],
    ];
    for (const [spec, quantity, errorCode, message] of cases) {
      const code = typeof spec === 'string' ? spec : await createCode(spec);
      const body = { productGroupId: group.id, quantity, promoCode: code };
      for (const res of [await quote(buyer.cookie, body), await buy(buyer.cookie, body)]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toEqual({ code: errorCode, message });
      }
      if (typeof spec !== 'string') expect(await usesOf(code)).toBe(0);
    }
    expect(await balanceOf(buyer.user.id)).toBe(1_000_000);

    // In scope: the group's own category, the group itself; the minimum met at 3 × ₦80 = ₦240.
    for (const spec of [
      { scope: 'category', categoryId: group.categoryId },
      { scope: 'product_group', productGroupId: group.id },
      { minOrderKobo: 17_000 },
    ] as const) {
      const code = await createCode(spec);
      const res = await buy(buyer.cookie, {
        productGroupId: group.id,
        quantity: 3,
        promoCode: code,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('keep to their uses per customer and in all, and ending one refuses it from then on', async () => {
    const group = await tieredGroup();
    const code = await createCode({ maxUses: 3, maxUsesPerCustomer: 2 });
    const [ada, bo] = await Promise.all([quickCustomer(db, 100_000), quickCustomer(db, 100_000)]);
    const body = { productGroupId: group.id, quantity: 1, promoCode: code };
    expect((await buy(ada.cookie, body)).statusCode).toBe(201);
    expect((await buy(ada.cookie, body)).statusCode).toBe(201);
    const third = await buy(ada.cookie, body);
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('PROMO_CODE_CUSTOMER_LIMIT');
    expect((await buy(bo.cookie, body)).statusCode).toBe(201);
    const fourth = await buy(bo.cookie, body);
    expect(fourth.json().error).toEqual({
      code: 'PROMO_CODE_USED_UP',
      message: 'This promo code has been used up.',
    });
    expect(await usesOf(code)).toBe(3);

    const open = await createCode({});
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, open));
    const ended = await app.inject({
      method: 'POST',
      url: `/api/admin/promo-codes/${row!.id}/end`,
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const after = await buy(bo.cookie, { ...body, promoCode: open });
    expect(after.json().error.code).toBe('PROMO_CODE_EXPIRED');
  });

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
