import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../../shared/account.ts';
import { authMessages } from '../../../shared/auth.ts';
import { insertUser, latestEmailTo, signInCookie } from '../../test/auth-helpers.ts';
import { emailTokens } from '../auth/auth.tables.ts';
import { hashToken } from '../auth/sessions.ts';
import { accountTestKit } from '../../test/kits/account-kit.ts';

const { app, db, post, me, linkToken } = await accountTestKit();

describe('forgot password', () => {
  it('answers the same whether or not the address has an account, and mails only a real one', async () => {
    const user = await insertUser(db);
    const known = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(accountMessages.forgotSent);
    const mail = await latestEmailTo(db, user.email);
    expect(mail!.subject).toBe('Reset your AcctStore password');
    expect(await latestEmailTo(db, 'nobody-here@example.com')).toBeUndefined();
    // Stored hashed: the link's token is not in the table, its hash is.
    const token = linkToken(mail!.textBody, '/reset-password');
    const [row] = await db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(row!.purpose).toBe('reset_password');
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(3500_000);
  });

  it('limits requests per address (known or not) and per client', async () => {
    for (const email of ['ghost-limit@example.com', (await insertUser(db)).email]) {
      for (let i = 0; i < 3; i++)
        expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
      const fourth = await post('/api/auth/forgot-password', { email });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error.message).toBe(authMessages.tooManyAttempts);
    }
    for (let i = 0; i < 10; i++)
      expect(
        (await post('/api/auth/forgot-password', { email: `many${i}@example.com` }, {}, '10.2.0.1'))
          .statusCode,
      ).toBe(200);
    expect(
      (await post('/api/auth/forgot-password', { email: 'many-more@example.com' }, {}, '10.2.0.1'))
        .statusCode,
    ).toBe(429);
  });
});

describe('reset password', () => {
  async function resetLinkFor(email: string) {
    await post('/api/auth/forgot-password', { email });
    return linkToken((await latestEmailTo(db, email))!.textBody, '/reset-password');
  }

  it('sets the new password once, ends every session and sends "password changed"', async () => {
    const user = await insertUser(db);
    const phone = await signInCookie(app, user.email, user.password);
    const laptop = await signInCookie(app, user.email, user.password);
    const token = await resetLinkFor(user.email);

    const mismatch = await post('/api/auth/reset-password', {
      token,
      newPassword: 'brand-new',
      confirmPassword: 'brand-neu',
    });
    expect(mismatch.json().error.message).toBe(authMessages.passwordMismatch);
    const ok = await post('/api/auth/reset-password', {
      token,
      newPassword: 'brand-new',
      confirmPassword: 'brand-new',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(accountMessages.passwordReset);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await latestEmailTo(db, user.email))!.subject).toBe(
      'Your AcctStore password was changed',
    );

    const again = await post('/api/auth/reset-password', {
      token,
      newPassword: 'other-one',
      confirmPassword: 'other-one',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'RESET_LINK_INVALID',
      message: accountMessages.resetLinkInvalid,
    });
    expect(
      (await post('/api/auth/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'brand-new' })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired link, a superseded link and a forged one', async () => {
    const user = await insertUser(db);
    const first = await resetLinkFor(user.email);
    const second = await resetLinkFor(user.email);
    const body = (token: string) => ({ token, newPassword: 'abcdef', confirmPassword: 'abcdef' });
    expect((await post('/api/auth/reset-password', body(first))).statusCode).toBe(400);
    await db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(second)));
    expect((await post('/api/auth/reset-password', body(second))).json().error.code).toBe(
      'RESET_LINK_INVALID',
    );
    expect((await post('/api/auth/reset-password', body('x'.repeat(43)))).json().error.code).toBe(
      'RESET_LINK_INVALID',
    );
    // None of them changed the password.
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'abcdef' })).statusCode,
    ).toBe(401);
  });

  it('tells the reset page at once whether its link is still good, without spending it', async () => {
    const user = await insertUser(db);
    const token = await resetLinkFor(user.email);
    const check = async (t: unknown) =>
      (await post('/api/auth/reset-password/check', { token: t })).json();
    expect(await check(token)).toEqual({ valid: true });
    expect(await check(token)).toEqual({ valid: true });
    expect(await check('x'.repeat(43))).toEqual({ valid: false });
    expect(await check('short')).toEqual({ valid: false });
    const ok = await post('/api/auth/reset-password', {
      token,
      newPassword: 'brand-new',
      confirmPassword: 'brand-new',
    });
    expect(ok.statusCode).toBe(200);
    expect(await check(token)).toEqual({ valid: false });
  });

  it('confirms an account that had not confirmed its e-mail yet', async () => {
    const user = await insertUser(db, { confirmed: false });
    const token = await resetLinkFor(user.email);
    await post('/api/auth/reset-password', {
      token,
      newPassword: 'abcdef',
      confirmPassword: 'abcdef',
    });
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'abcdef' })).statusCode,
    ).toBe(200);
  });
});
