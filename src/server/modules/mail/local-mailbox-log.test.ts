// The local mailbox prints links to the log for a developer; in production it prints none, since the
// e-mail-confirmation link carries a one-time token.
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { confirmationTokenFrom, latestEmailTo } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';

async function registerAndDeliver(env: Record<string, string>) {
  const logged: string[] = [];
  const sink = new Writable({
    write: (chunk: Buffer, _enc, done) => (logged.push(chunk.toString()), done()),
  });
  const { app, db, config } = await createTestApp({
    env,
    deps: { logger: pino({ level: 'info' }, sink), startJobs: true },
  });
  const email = `mailbox-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { origin: config.publicUrl },
    payload: { email, password: 'secret-pass-1', confirmPassword: 'secret-pass-1' },
  });
  expect(res.statusCode, res.body).toBe(201);
  await expect
    .poll(async () => (await latestEmailTo(db, email))?.sentAt, { timeout: 15_000 })
    .toBeTruthy();
  const token = confirmationTokenFrom((await latestEmailTo(db, email))!.textBody);
  return { text: logged.join(''), token };
}

describe('the local mailbox log', () => {
  it('shows the confirmation link outside production', async () => {
    const { text, token } = await registerAndDeliver({});
    expect(text).toContain('local mailbox:');
    expect(text).toContain(token);
  });

  it('writes no link and no token in production', async () => {
    const { text, token } = await registerAndDeliver({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.ng',
      ERCASPAY_SECRET_KEY: 'ECRS-LIVE-SK-0123456789abcdef',
    });
    expect(text).toContain('local mailbox:');
    expect(text).not.toContain(token);
    expect(text).not.toContain('token_hash');
  });
});
