// What the pricing tests share (volume-prices-and-promo-codes and promo-codes-under-load .test.ts): each file calls
// pricingTestKit() for a store of its own.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { SAME_ORIGIN, quickAdmin } from '../auth-helpers.ts';
import { purchaseClient } from '../purchase-helpers.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { type VolumePrice } from '../../../shared/volume-prices.ts';
import type { PromoCodeInput } from '../../../shared/promotions.ts';
import { productGroups } from '../../modules/catalogue/catalogue.tables.ts';
import { readPromoCodes } from '../../modules/promotions/read-promo-codes.ts';

export async function pricingTestKit() {
  const { app, db } = await createTestApp();
  const { buy, balanceOf } = purchaseClient(app, db);
  const admin = await quickAdmin(db);

  const TIERS: VolumePrice[] = [
    { minQuantity: 2, priceKobo: 8_000 },
    { minQuantity: 5, priceKobo: 6_000 },
  ];

  async function tieredGroup(accounts = 40, priceKobo = 10_000, tiers = TIERS) {
    const group = await insertGroupWithStock(db, { accounts, priceKobo });
    await db
      .update(productGroups)
      .set({ volumePrices: tiers })
      .where(eq(productGroups.id, group.id));
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
  return {
    app,
    db,
    buy,
    balanceOf,
    admin,
    TIERS,
    tieredGroup,
    TWO_AT_THE_TIER_15_OFF,
    codes,
    createCode,
    usesOf,
    quote,
  };
}
