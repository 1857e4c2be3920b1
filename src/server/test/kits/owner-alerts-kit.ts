// What the owner-alerts tests share (owner-alert-kinds and owner-alert-switches-and-delivery .test.ts): each file
// calls ownerAlertsTestKit() for a store of its own.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, expect } from 'vitest';
import { quickAdmin, SAME_ORIGIN } from '../auth-helpers.ts';
import { startFakeErcasPay } from '../fake-ercaspay.ts';
import { FAKE_BOT_TOKEN, FAKE_CHAT_ID, startFakeTelegram } from '../fake-telegram.ts';
import { purchaseClient } from '../purchase-helpers.ts';
import { reportClient } from '../report-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { createErcasPayProvider } from '../../modules/payments/ercaspay-client.ts';
import { ownerAlerts, ownerAlertSettings } from '../../modules/alerts/alerts.tables.ts';
import { deliverDueAlerts } from '../../modules/alerts/deliver-alerts.ts';
import { createTelegramSender } from '../../modules/alerts/telegram-client.ts';

export async function ownerAlertsTestKit() {
  const telegram = await startFakeTelegram();
  afterAll(() => telegram.close());
  const ercas = await startFakeErcasPay();
  afterAll(() => ercas.close());
  const { app, db, database } = await createTestApp({
    env: telegram.env(),
    deps: {
      paymentProvider: createErcasPayProvider({
        baseUrl: ercas.baseUrl,
        secretKey: ercas.secretKey,
        retryDelayMs: 1,
      }),
    },
  });
  const sender = createTelegramSender({
    baseUrl: telegram.baseUrl,
    token: FAKE_BOT_TOKEN,
    chatId: FAKE_CHAT_ID,
  });
  const shop = purchaseClient(app, db);
  const reports = reportClient(app);
  const admin = await quickAdmin(db);

  /** Every round the job loop would run, until one sends nothing. */
  async function deliverAll(on = db): Promise<number> {
    let total = 0;
    for (let n = await deliverDueAlerts(on, sender); n > 0; n = await deliverDueAlerts(on, sender))
      total += n;
    return total;
  }
  /** The wait a retry asks for, skipped: every waiting alert is due now. */
  const makeDue = () =>
    db.execute(sql`update owner_alerts set next_attempt_at = now() where status = 'pending'`);
  const texts = () => telegram.messages.map((m) => m.text);
  const alertsOf = (kind: string) =>
    db
      .select()
      .from(ownerAlerts)
      .where(eq(ownerAlerts.kind, kind as 'low_stock'));
  const putSettings = (payload: object, cookie = admin.cookie) =>
    app.inject({
      method: 'PUT',
      url: '/api/admin/alerts',
      headers: { cookie, ...SAME_ORIGIN },
      payload,
    });
  const allOn = {
    order_completed: true,
    low_stock: true,
    account_reported: true,
    topup_attention: true,
    email_failing: true,
  };

  beforeEach(async () => {
    telegram.messages.length = 0;
    telegram.requests.length = 0;
    telegram.setMode({ answer: 'ok' });
    telegram.setDelay(0);
    await db.delete(ownerAlerts);
    await db.delete(ownerAlertSettings);
  });

  async function buy(cookie: string, productGroupId: string, quantity: number) {
    const res = await shop.buy(cookie, { productGroupId, quantity });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: { id: string } }>().order;
  }
  return {
    telegram,
    ercas,
    app,
    db,
    database,
    sender,
    shop,
    reports,
    admin,
    deliverAll,
    makeDue,
    texts,
    alertsOf,
    putSettings,
    allOn,
    buy,
  };
}
