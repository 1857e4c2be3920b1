// Secrets: the credential cipher never repeats an IV and refuses any tampered byte; and a representative
// flow, logged at the most verbose level through the production logger options, writes no secret to the log.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq, isNotNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../app.ts';
import { DEMO_ADMIN_EMAIL, seedDemoShop } from '../../demo/seed.ts';
import { emailOutbox } from '../../modules/mail/mail.tables.ts';
import { payments } from '../../modules/payments/payments.tables.ts';
import { createCredentialCipher } from '../../modules/stock/credential-cipher.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';
import { confirmationTokenFrom, latestEmailTo, SAME_ORIGIN } from '../auth-helpers.ts';
import { startFakeErcasPay } from '../fake-ercaspay.ts';
import { createTestApp, createTestDatabase, testConfig } from '../test-app.ts';
import { totpCode } from '../two-factor-helpers.ts';

describe('the credential cipher', () => {
  const cipher = createCredentialCipher(crypto.randomBytes(32));

  it('never repeats an IV in 10,000 encryptions of the same value', () => {
    const ivs = new Set<string>();
    const sealed = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const box = cipher.encrypt('same-password');
      ivs.add(box.subarray(0, 12).toString('hex'));
      sealed.add(box.toString('hex'));
    }
    expect(ivs.size).toBe(10_000);
    expect(sealed.size).toBe(10_000);
  });

  it('refuses a sealed credential with any single bit flipped, truncated, extended, or under another key', () => {
    const box = cipher.encrypt('pw-1234');
    expect(cipher.decrypt(box)).toBe('pw-1234');
    let refused = 0;
    for (let bit = 0; bit < box.length * 8; bit++) {
      const tampered = Buffer.from(box);
      tampered[bit >> 3]! ^= 1 << (bit & 7);
      expect(() => cipher.decrypt(tampered), `bit ${bit}`).toThrow();
      refused++;
    }
    expect(refused).toBe((12 + 16 + 7) * 8);
    for (let len = 0; len < box.length; len++)
      expect(() => cipher.decrypt(box.subarray(0, len)), `length ${len}`).toThrow();
    expect(() => cipher.decrypt(Buffer.concat([box, Buffer.from([0])]))).toThrow();
    expect(() => createCredentialCipher(crypto.randomBytes(32)).decrypt(box)).toThrow();
  });
});

// ---- logs -------------------------------------------------------------------------------------------------
const secrets = {
  CREDENTIALS_KEY: crypto.randomBytes(32).toString('hex'),
  PAYMENT_WEBHOOK_TOKEN: `whk-${crypto.randomBytes(12).toString('hex')}`,
  SMTP_PASSWORD: `smtp-${crypto.randomBytes(8).toString('hex')}`,
  DEMO_ADMIN_PASSWORD: `demo-${crypto.randomBytes(8).toString('hex')}`,
  USER_PASSWORD: `user-${crypto.randomBytes(8).toString('hex')}`,
  WRONG_PASSWORD: `wrong-${crypto.randomBytes(8).toString('hex')}`,
  STOCK_PASSWORD: `stock-${crypto.randomBytes(8).toString('hex')}`,
  STOCK_EMAIL_PASSWORD: `mailpw-${crypto.randomBytes(8).toString('hex')}`,
  STOCK_2FA: `2fa-${crypto.randomBytes(8).toString('hex')}`,
  CSV_PASSWORD: `csvpw-${crypto.randomBytes(8).toString('hex')}`,
};
const fake = await startFakeErcasPay({
  secretKey: `ECRS-TEST-SK-${crypto.randomBytes(12).toString('hex')}`,
});
afterAll(() => fake.close());
const env = {
  CREDENTIALS_KEY: secrets.CREDENTIALS_KEY,
  ERCASPAY_SECRET_KEY: fake.secretKey,
  ERCASPAY_BASE_URL: fake.baseUrl,
  PAYMENT_WEBHOOK_TOKEN: secrets.PAYMENT_WEBHOOK_TOKEN,
  // A closed port: the mail worker's attempts fail, as a broken SMTP server would.
  SMTP_URL: `smtp://mailer:${secrets.SMTP_PASSWORD}@127.0.0.1:9`,
  DEMO_ADMIN_PASSWORD: secrets.DEMO_ADMIN_PASSWORD,
  LOG_LEVEL: 'trace',
};
const logged: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(chunk.toString());
    done();
  },
});
// The logger main.ts builds (same options, so the same redaction), at trace level, into memory.
const logger = pino(
  { ...(loggerOptions(testConfig(env)) as pino.LoggerOptions), level: 'trace' },
  sink,
);
const { app, db } = await createTestApp({ env, deps: { logger, startJobs: true } });
const cookiesSeen: string[] = [];

async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...SAME_ORIGIN, ...headers },
    payload: payload as object,
  });
}
async function signIn(email: string, password: string) {
  const res = await post('/api/auth/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  const value = res.cookies.find((c) => c.name === 'sid')!.value;
  cookiesSeen.push(value);
  return `sid=${value}`;
}

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

describe('the started server (main.ts)', () => {
  it('prints no configured secret while it starts in production (seeding nothing), serves the webhook and stops', async () => {
    const { url } = await createTestDatabase({ poolSize: 1 });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-secrets-'));
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('../../main.ts', import.meta.url))],
      {
        // ERCASPAY_MODE=test: the fake ErcasPay's TEST key on a local URL, which live mode refuses.
        env: {
          ...env,
          NODE_ENV: 'production',
          ERCASPAY_MODE: 'test',
          PUBLIC_URL: 'https://shop.example',
          DATABASE_URL: url,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit');
    try {
      await expect
        .poll(() => /Server listening at (http:\/\/[^"\s]+)/.exec(output)?.[1], {
          timeout: 40_000,
          interval: 200,
        })
        .toBeTruthy();
      const base = /Server listening at (http:\/\/[^"\s]+)/.exec(output)![1]!;
      const hook = await fetch(
        `${base}/api/payments/ercaspay/webhook/${secrets.PAYMENT_WEBHOOK_TOKEN}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        },
      );
      expect(hook.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(output).not.toContain('Demo shop created');
    expect(output).toContain('/api/payments/ercaspay/webhook/:token');
    const configured = { ...secrets, ERCASPAY_SECRET_KEY: fake.secretKey };
    const leaks = Object.entries(configured)
      .filter(([, value]) => output.includes(value))
      .map(([name]) => name);
    expect(leaks).toEqual([]);
  }, 60_000);
});
