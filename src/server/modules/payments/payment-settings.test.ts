// The shop owner's view of the ErcasPay set-up, and the webhook route with and without its token.
import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { createInstantProvider } from '../../test/instant-provider.ts';
import { createTestApp } from '../../test/test-app.ts';
import { auditLog } from '../audit/audit.tables.ts';

const TOKEN = 'settings-webhook-token-0123456789';
const withToken = await createTestApp({
  env: { PAYMENT_WEBHOOK_TOKEN: TOKEN },
  deps: { paymentProvider: createInstantProvider() },
});
const withoutToken = await createTestApp({
  env: { ERCASPAY_MODE: 'live' },
  deps: { paymentProvider: createInstantProvider() },
});
const hook = (app: typeof withToken.app, token: string) =>
  app.inject({
    method: 'POST',
    url: `/api/payments/ercaspay/webhook/${token}`,
    headers: { origin: 'https://api.ercaspay.com' },
    payload: { transaction_reference: 'ERCS|1|2' },
  });

describe('the webhook route', () => {
  it('is registered without a token and refuses everything, recording nothing', async () => {
    const { app, db } = withoutToken;
    for (const token of [TOKEN, 'anything-at-all-0123456789', 'undefined'])
      expect((await hook(app, token)).statusCode).toBe(404);
    expect(app.apiRoutes.map((r) => `${r.method} ${r.url}`)).toContain(
      'POST /api/payments/ercaspay/webhook/:token',
    );
    const admin = await signedInUser(app, db, { isAdmin: true });
    const settings = (
      await app.inject({ url: '/api/admin/payments/settings', headers: { cookie: admin.cookie } })
    ).json();
    expect(settings).toEqual({
      provider: 'sandbox',
      paymentMode: 'live',
      webhookUrlMasked: null,
      lastWebhookAt: null,
      webhooksReceived: 0,
    });
    const copy = await app.inject({
      method: 'POST',
      url: '/api/admin/payments/webhook-url',
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    });
    expect(copy.statusCode).toBe(404);
  });
});

describe("the admin's payments settings", () => {
  it('shows the webhook URL with its token masked, when the last webhook arrived, and the payment mode', async () => {
    const { app, db } = withToken;
    const admin = await signedInUser(app, db, { isAdmin: true });
    const read = async () =>
      (
        await app.inject({ url: '/api/admin/payments/settings', headers: { cookie: admin.cookie } })
      ).json();
    const before = await read();
    expect(before).toMatchObject({ paymentMode: 'test', lastWebhookAt: null, webhooksReceived: 0 });
    expect(before.webhookUrlMasked).toBe(
      'http://localhost:3000/api/payments/ercaspay/webhook/sett••••••••••••',
    );
    expect(JSON.stringify(before)).not.toContain(TOKEN);

    expect((await hook(app, 'wrong-token-0123456789abcdef')).statusCode).toBe(404);
    expect((await read()).webhooksReceived).toBe(0);
    const sent = Date.now();
    await Promise.all([hook(app, TOKEN), hook(app, TOKEN)]);
    const after = await read();
    expect(after.webhooksReceived).toBe(2);
    expect(new Date(after.lastWebhookAt).getTime()).toBeGreaterThanOrEqual(sent - 1000);
  });

  it('hands the full URL to the copy button only, and notes it in the audit log', async () => {
    const { app, db } = withToken;
    const admin = await signedInUser(app, db, { isAdmin: true });
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/payments/webhook-url',
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    });
    expect(res.json()).toEqual({
      webhookUrl: `http://localhost:3000/api/payments/ercaspay/webhook/${TOKEN}`,
    });
    const [last] = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(last).toMatchObject({
      action: 'payment.webhook_url_copied',
      actorUserId: admin.user.id,
    });
  });
});
