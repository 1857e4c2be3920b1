// Secrets: the credential cipher never repeats an IV and refuses any tampered byte; and a representative
// flow, logged at the most verbose level through the production logger options, writes no secret to the log.
import crypto from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, seedDemoShop } from '../../demo/seed.ts';
import { emailOutbox } from '../../modules/mail/mail.tables.ts';
import { payments } from '../../modules/payments/payments.tables.ts';
import { createCredentialCipher } from '../../modules/stock/credential-cipher.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';
import { confirmationTokenFrom, latestEmailTo, SAME_ORIGIN } from '../auth-helpers.ts';
import { totpCode } from '../two-factor-helpers.ts';
import { secretsTestKit } from '../kits/secrets-kit.ts';

const { secrets, fake, logged, app, db, cookiesSeen, post, signIn } = await secretsTestKit();

describe('logs', () => {
  it('hold no configured secret, password, session token or credential after a representative flow', async () => {
    await seedDemoShop(
      db,
      createCredentialCipher(Buffer.from(secrets.CREDENTIALS_KEY, 'hex')),
      secrets.DEMO_ADMIN_PASSWORD,
    );
    const admin = await signIn(DEMO_ADMIN_EMAIL, secrets.DEMO_ADMIN_PASSWORD);

    // Sign-up, confirmation, a wrong and a right password.
    const email = `secret-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const reg = await post('/api/auth/register', {
      email,
      password: secrets.USER_PASSWORD,
      confirmPassword: secrets.USER_PASSWORD,
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const token = confirmationTokenFrom((await latestEmailTo(db, email))!.textBody);
    // The link in the e-mail opens the confirmation page (a page request, logged) before the app confirms.
    await app.inject({ url: `/email-confirmation?token_hash=${token}&type=email` });
    expect(
      (
        await post(
          '/api/auth/confirm-email',
          { token_hash: token, type: 'email' },
          // In the browser that signed up: the password chosen there stays (auth.service.ts confirmEmail).
          { cookie: `device=${reg.cookies.find((c) => c.name === 'device')!.value}` },
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/login', { email, password: secrets.WRONG_PASSWORD })).statusCode,
    ).toBe(401);
    const customer = await signIn(email, secrets.USER_PASSWORD);

    // The admin adds stock one by one and by CSV, and opens the decrypted details.
    const added = await post(
      '/api/admin/accounts',
      {
        title: 'Secret Gram',
        categoryId: 'instagram',
        priceKobo: 100_000,
        username: 'secret_gram',
        password: secrets.STOCK_PASSWORD,
        email: 'secret_gram@mail.example',
        emailPassword: secrets.STOCK_EMAIL_PASSWORD,
        twoFaCode: secrets.STOCK_2FA,
      },
      { cookie: admin },
    );
    expect(added.statusCode, added.body).toBe(201);
    const { id: accountId, productGroupId } = added.json().item;
    const csv = `username,password,followers\ncsv_one,${secrets.CSV_PASSWORD},10\n`;
    const upload = await post(`/api/admin/product-groups/${productGroupId}/upload`, csv, {
      cookie: admin,
      'content-type': 'text/csv',
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const details = await app.inject({
      url: `/api/admin/accounts/${accountId}`,
      headers: { cookie: admin },
    });
    expect(details.json().password).toBe(secrets.STOCK_PASSWORD);
    expect(
      (
        await app.inject({
          url: `/api/admin/product-groups/${productGroupId}/export.csv`,
          headers: { cookie: admin },
        })
      ).body,
    ).toContain(secrets.CSV_PASSWORD);

    // A top-up credited by the webhook (with the token in its URL), then a purchase and its credentials.
    const topup = await post('/api/wallet/topups', { amountKobo: 5000_00 }, { cookie: customer });
    expect(topup.statusCode, topup.body).toBe(201);
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.reference, topup.json().reference));
    fake.setStatus(payment!.providerReference!, 'SUCCESSFUL');
    const hook = await app.inject({
      method: 'POST',
      url: `/api/payments/ercaspay/webhook/${secrets.PAYMENT_WEBHOOK_TOKEN}`,
      payload: {
        transaction_reference: payment!.providerReference,
        payment_reference: payment!.reference,
        status: 'SUCCESSFUL',
      },
    });
    expect(hook.statusCode).toBe(200);
    // The token sent to the wrong routes (a prober pasting it everywhere) is masked in their logged paths too.
    expect(
      (
        await app.inject({
          url: `/api/orders/${secrets.PAYMENT_WEBHOOK_TOKEN}/download`,
          headers: { cookie: customer },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          url: `/api/no-such-route/${encodeURIComponent(secrets.PAYMENT_WEBHOOK_TOKEN)}?t=${secrets.PAYMENT_WEBHOOK_TOKEN}`,
        })
      ).statusCode,
    ).toBe(404);
    const order = await post(
      '/api/orders',
      { productGroupId, quantity: 1, accountId },
      { cookie: customer, 'idempotency-key': crypto.randomUUID() },
    );
    expect(order.statusCode, order.body).toBe(201);
    const orderId = order.json().order.id;
    const creds = await app.inject({
      url: `/api/orders/${orderId}/credentials`,
      headers: { cookie: customer },
    });
    expect(creds.json().accounts[0].password).toBe(secrets.STOCK_PASSWORD);
    const file = await app.inject({
      url: `/api/orders/${orderId}/download?format=txt`,
      headers: { cookie: customer },
    });
    expect(file.body).toContain(secrets.STOCK_2FA);
    expect((await post(`/api/orders/${orderId}/email`, {}, { cookie: customer })).statusCode).toBe(
      200,
    );

    // Two-factor sign-in: the secret, the codes and the pending sign-in's cookie are never logged.
    const setup = await post(
      '/api/me/two-factor/setup',
      { currentPassword: secrets.USER_PASSWORD },
      { cookie: customer },
    );
    const totpSecret: string = setup.json().secret;
    const enabled = await post(
      '/api/me/two-factor/enable',
      { code: totpCode(totpSecret, -1) },
      { cookie: customer },
    );
    const recovery: string[] = enabled.json().recoveryCodes;
    const firstStep = await post('/api/auth/login', { email, password: secrets.USER_PASSWORD });
    const challenge = firstStep.cookies.find((c) => c.name === 'sfc')!.value;
    const secondStep = await post(
      '/api/auth/login/second-factor',
      { code: recovery[0] },
      { cookie: `sfc=${challenge}` },
    );
    expect(secondStep.statusCode, secondStep.body).toBe(200);
    cookiesSeen.push(secondStep.cookies.find((c) => c.name === 'sid')!.value);

    // Failing provider calls: a refused initiate, and a verify that keeps failing.
    fake.failNext(1, 500);
    expect(
      (await post('/api/wallet/topups', { amountKobo: 1000_00 }, { cookie: customer })).statusCode,
    ).toBe(502);
    const pending = await post('/api/wallet/topups', { amountKobo: 1000_00 }, { cookie: customer });
    fake.failNext(3, 503);
    const check = await app.inject({
      url: `/api/wallet/topups/${pending.json().reference}`,
      headers: { cookie: customer },
    });
    expect(check.json().status).toBe('pending');
    expect(
      (await app.inject({ url: '/api/orders', headers: { cookie: `sid=${'x'.repeat(40)}` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { cookie: customer, ...SAME_ORIGIN },
        })
      ).statusCode,
    ).toBe(200);

    // The mail worker tried the (unreachable) SMTP server with the password-bearing URL.
    await expect
      .poll(
        async () =>
          (await db.select().from(emailOutbox).where(isNotNull(emailOutbox.lastError))).length,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);

    const text = logged.join('');
    expect(logged.length).toBeGreaterThan(40);
    expect(text).toContain('incoming request'); // the log really is the verbose one
    expect(text).toContain('"url":"/api/payments/ercaspay/webhook/:token"'); // the webhook was logged, as its pattern
    expect(text).toContain('verification failed');
    const forbidden: Record<string, string> = {
      ...secrets,
      CREDENTIALS_KEY_BASE64: Buffer.from(secrets.CREDENTIALS_KEY, 'hex').toString('base64'),
      ERCASPAY_SECRET_KEY: fake.secretKey,
      CONFIRMATION_TOKEN: token,
      TOTP_SECRET: totpSecret,
      SIGN_IN_CHALLENGE: challenge,
      ...Object.fromEntries(recovery.map((c, i) => [`RECOVERY_CODE_${i}`, c])),
      ...Object.fromEntries(cookiesSeen.map((c, i) => [`SESSION_${i}`, c])),
    };
    const leaks = Object.entries(forbidden)
      .filter(([, value]) => text.includes(value))
      .map(([name]) => name);
    expect(leaks).toEqual([]);
    const sold = await db.select().from(stockAccounts).where(eq(stockAccounts.id, accountId));
    expect(text).not.toContain(sold[0]!.passwordEnc.toString('base64'));
  }, 60_000);
});
