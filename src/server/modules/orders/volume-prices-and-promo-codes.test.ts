// Volume prices and promo codes on the real purchase (db/functions/06-09, 40, 41, 42): the tier the quantity reaches,
// the code's window, scope and limits, the two combined (tier first, then the code, never below zero), exactly N
// redemptions when many buyers race for N uses, nothing redeemed by a purchase that fails or is replayed, and the
// checkout's quote equal to the charge.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SAME_ORIGIN, quickCustomer } from '../../test/auth-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { unitPriceFor, type VolumePrice } from '../../../shared/volume-prices.ts';
import type { PromoCodeInput } from '../../../shared/promotions.ts';
import { promoCodes } from '../promotions/promotions.tables.ts';
import { transactions } from '../wallet/wallet.tables.ts';
import { pricingTestKit } from '../../test/kits/pricing-kit.ts';

const {
  app,
  db,
  buy,
  balanceOf,
  admin,
  TIERS,
  tieredGroup,
  TWO_AT_THE_TIER_15_OFF,
  createCode,
  usesOf,
  quote,
} = await pricingTestKit();

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
});
