// A saved setting is the store's rule from the next request on, with no restart: the low-stock threshold (the
// database's trigger and the console's count), the referral percentage and number of rewarded top-ups (the next
// credited top-up), and the warranty hours (the orders' report window).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UpdateStoreSettings } from '../../../shared/store-settings.ts';
import { quickAdmin, quickCustomer, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { createInstantProvider } from '../../test/instant-provider.ts';
import { purchaseClient } from '../../test/purchase-helpers.ts';
import { referralClient } from '../../test/referral-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { emailOutbox } from '../mail/mail.tables.ts';
import { payments } from '../payments/payments.tables.ts';
import { transactions } from '../wallet/wallet.tables.ts';

const { app, db } = await createTestApp({
  env: { LOW_STOCK_THRESHOLD: '4', REFERRAL_PERCENT: '5', WARRANTY_HOURS: '48' },
  deps: { paymentProvider: createInstantProvider() },
});
const admin = await quickAdmin(db);
const shop = purchaseClient(app, db);

const settings: UpdateStoreSettings = {
  storeName: 'AcctStore',
  supportWhatsapp: '+234 800 000 0000',
  supportTelegramUrl: 'https://t.me/acctstore_support',
  supportEmail: 'support@acctstore.ng',
  officeLocation: 'Lagos, Nigeria',
  telegramChatId: null,
  referralPercent: 5,
  referralMaxTopups: 3,
  warrantyHours: 48,
  lowStockThreshold: 4,
};
async function save(change: Partial<UpdateStoreSettings>) {
  Object.assign(settings, change);
  const res = await app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    payload: settings,
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function buy(cookie: string, productGroupId: string, quantity: number) {
  const res = await shop.buy(cookie, { productGroupId, quantity });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ order: { id: string; createdAt: string; warrantyEndsAt: string } }>().order;
}
const lowStockMails = (name: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'low_stock_alert'), eq(emailOutbox.subject, name)));

describe('a saved setting takes effect at once', () => {
  it('low-stock threshold: the alert fires at the new threshold, and the console counts by it', async () => {
    const buyer = await quickCustomer(db, 100_000_00);
    const group = await insertGroupWithStock(db, { accounts: 12, priceKobo: 1000_00 });
    await buy(buyer.cookie, group.id, 2); // 10 left: above 4, nothing
    expect(await lowStockMails(`Low stock: ${group.name} (10 left)`)).toHaveLength(0);
    const stats = () =>
      app
        .inject({ url: '/api/admin/stats', headers: { cookie: admin.cookie } })
        .then((r) => r.json());
    expect(await stats()).toMatchObject({ lowStockThreshold: 4 });
    const before = (await stats()).lowStockProductGroups as number;

    await save({ lowStockThreshold: 8 });
    expect(await stats()).toMatchObject({
      lowStockThreshold: 8,
      lowStockProductGroups: before,
    });
    await buy(buyer.cookie, group.id, 2); // 8 left: crosses the new threshold
    expect(await lowStockMails(`Low stock: ${group.name} (8 left)`)).toHaveLength(1);
    expect(await stats()).toMatchObject({ lowStockProductGroups: before + 1 });
  });

  it('referral percentage and rewarded top-ups: the next credited top-up follows them', async () => {
    const referrals = referralClient(app, db);
    const referrer = await quickCustomer(db);
    const code = await referrals.codeOf(referrer.cookie);
    const referee = await referrals.signUpThrough(code);
    await save({ referralPercent: 12.5, referralMaxTopups: 1 });

    const topUp = async (naira: number) => {
      const id = await referrals.startTopup(referee.cookie, naira);
      const [payment] = await db.select().from(payments).where(eq(payments.id, id));
      // The customer's check settles it through the app's own settle path (the instant provider has paid).
      const check = await app.inject({
        url: `/api/wallet/topups/${payment!.reference}`,
        headers: { cookie: referee.cookie },
      });
      expect(check.statusCode, check.body).toBe(200);
    };
    await topUp(1000);
    await topUp(1000); // beyond the one rewarded top-up
    const rewards = await db
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.userId, referrer.user.id), eq(transactions.type, 'referral_reward')),
      );
    expect(rewards.map((r) => r.amountKobo)).toEqual([125_00]);
    expect(rewards[0]!.description).toContain('12.5%');
  });

  it('warranty hours: the orders show the report window of the saved warranty', async () => {
    const buyer = await quickCustomer(db, 10_000_00);
    const group = await insertGroupWithStock(db, { accounts: 5, priceKobo: 1000_00 });
    const hoursOf = (o: { createdAt: string; warrantyEndsAt: string }) =>
      (Date.parse(o.warrantyEndsAt) - Date.parse(o.createdAt)) / 3600_000;
    const order = await buy(buyer.cookie, group.id, 1);
    expect(hoursOf(order)).toBe(48);

    await save({ warrantyHours: 72 });
    const listed = await app.inject({ url: '/api/orders', headers: { cookie: buyer.cookie } });
    const same = listed.json<{ orders: (typeof order)[] }>().orders.find((o) => o.id === order.id)!;
    expect(hoursOf(same)).toBe(72);
    expect(hoursOf(await buy(buyer.cookie, group.id, 1))).toBe(72);
  });
});
