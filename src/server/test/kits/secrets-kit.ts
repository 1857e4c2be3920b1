// What the secrets tests share (secrets-at-rest, secrets-in-logs and secrets-at-start .test.ts): each file calls
// secretsTestKit() for a store of its own.
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, expect } from 'vitest';
import { loggerOptions } from '../../app.ts';
import { SAME_ORIGIN } from '../auth-helpers.ts';
import { startFakeErcasPay } from '../fake-ercaspay.ts';
import { createTestApp, testConfig } from '../test-app.ts';

export async function secretsTestKit() {
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
  return { secrets, fake, env, logged, app, db, cookiesSeen, post, signIn };
}
