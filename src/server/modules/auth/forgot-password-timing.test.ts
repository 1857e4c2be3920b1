// Forgot password answers before it looks the address up: with the accounts, tokens and outbox tables locked
// (so that any lookup or write would wait), known and unknown addresses still get their answer at once, and
// the link follows once the tables free up. The answer's timing cannot tell the two apart.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../../shared/account.ts';
import { insertUser, latestEmailTo, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';

const { app, db, database } = await createTestApp();
const forgot = (email: string, n: number) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    headers: SAME_ORIGIN,
    remoteAddress: `10.70.0.${n}`,
  });

describe('forgot password', () => {
  it('answers known and unknown addresses without waiting for the lookup or the e-mail', async () => {
    const user = await insertUser(db);
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table users, email_tokens, email_outbox in access exclusive mode');
      const answered = await Promise.race([
        Promise.all([forgot(user.email, 1), forgot('nobody-here@example.com', 2)]),
        new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), 5000).unref()),
      ]);
      expect(answered).not.toBe('waiting');
      const [known, unknown] = answered as Awaited<ReturnType<typeof forgot>>[];
      expect([known!.statusCode, unknown!.statusCode]).toEqual([200, 200]);
      expect(known!.json()).toEqual({ ok: true, message: accountMessages.forgotSent });
      expect(unknown!.body).toBe(known!.body);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    await app.afterAnswer.idle();
    expect((await latestEmailTo(db, user.email))!.subject).toBe('Reset your AcctStore password');
    expect(await latestEmailTo(db, 'nobody-here@example.com')).toBeUndefined();
  });
});
