import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../shared/auth.ts';
import {
  confirmationTokenFrom,
  insertUser,
  latestEmailTo,
  SAME_ORIGIN,
  signInCookie,
} from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { emailTokens, sessions, users } from './auth.tables.ts';

const ctx = await createTestApp({ env: { ADMIN_EMAILS: 'Boss@Example.com' } });
const { app, db } = ctx;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...SAME_ORIGIN, ...headers },
  });
const me = (cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} });

describe('sign-up', () => {
  it.each([
    [{ email: '', password: '', confirmPassword: '' }, authMessages.registerMissingFields],
    [
      { email: 'a@b.co', password: 'abcdef', confirmPassword: 'abcdeg' },
      authMessages.passwordMismatch,
    ],
    [{ email: 'a@b.co', password: 'abc', confirmPassword: 'abc' }, authMessages.passwordTooShort],
    [
      { email: 'not-an-email', password: 'abcdef', confirmPassword: 'abcdef' },
      'Please enter a valid email address',
    ],
  ])('refuses %o with its message and creates nothing', async (payload, message) => {
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await db.select().from(users)).toHaveLength(0);
  });

  it('creates the account with the e-mail prefix as name and queues a confirmation e-mail', async () => {
    const res = await post('/api/auth/register', {
      email: ' Ada.Obi@Example.com ',
      password: 'abcdef',
      confirmPassword: 'abcdef',
    });
    expect(res.statusCode).toBe(201);
    const [user] = await db.select().from(users).where(eq(users.email, 'ada.obi@example.com'));
    expect(user!.fullName).toBe('ada.obi');
    expect(user!.emailConfirmedAt).toBeNull();
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const mail = await latestEmailTo(db, 'ada.obi@example.com');
    expect(mail!.textBody).toContain('http://localhost:3000/email-confirmation?token_hash=');
  });

  it('answers an already registered e-mail with SPEC.md message', async () => {
    const res = await post('/api/auth/register', {
      email: 'ada.obi@example.com',
      password: 'abcdef',
      confirmPassword: 'abcdef',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'USER_EXISTS', message: authMessages.userExists });
  });
});

describe('e-mail confirmation and sign-in', () => {
  it('refuses sign-in before confirmation, confirms once, then signs in', async () => {
    const registered = await post('/api/auth/register', {
      email: 'kemi@example.com',
      password: 'abcdef',
      confirmPassword: 'abcdef',
    });
    // The link is opened in the browser that signed up (its device cookie).
    const device = registered.cookies.find((c) => c.name === 'device')!;
    const sameBrowser = { cookie: `device=${device.value}` };
    const early = await post('/api/auth/login', { email: 'kemi@example.com', password: 'abcdef' });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('EMAIL_NOT_CONFIRMED');

    const resend = await post('/api/auth/resend-confirmation', { email: 'kemi@example.com' });
    expect(resend.statusCode).toBe(200);
    const token = confirmationTokenFrom((await latestEmailTo(db, 'kemi@example.com'))!.textBody);

    const ok = await post(
      '/api/auth/confirm-email',
      { token_hash: token, type: 'email' },
      sameBrowser,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(authMessages.emailConfirmed);
    expect(ok.json().choosePasswordToken).toBeUndefined();
    const again = await post('/api/auth/confirm-email', { token_hash: token, type: 'email' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(authMessages.confirmFailed);

    const login = await post('/api/auth/login', { email: 'KEMI@example.com', password: 'abcdef' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({
      email: 'kemi@example.com',
      fullName: 'kemi',
      role: 'user',
      walletBalanceKobo: 0,
    });
    const cookie = login.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });

  it('opened in another browser, the confirmation voids the registered password and lets the confirmer choose one', async () => {
    // Someone else registers the owner's address with a password of their own choosing.
    await post('/api/auth/register', {
      email: 'ngozi@example.com',
      password: 'squatter-1',
      confirmPassword: 'squatter-1',
    });
    const squatter = await post('/api/auth/login', {
      email: 'ngozi@example.com',
      password: 'squatter-1',
    });
    expect(squatter.statusCode).toBe(403);
    // The owner opens the link in their own browser (no device cookie of the sign-up).
    const token = confirmationTokenFrom((await latestEmailTo(db, 'ngozi@example.com'))!.textBody);
    const ok = await post('/api/auth/confirm-email', { token_hash: token, type: 'email' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(authMessages.choosePassword);
    const choose = ok.json<{ choosePasswordToken: string }>().choosePasswordToken;
    const login = (password: string) =>
      post('/api/auth/login', { email: 'ngozi@example.com', password });
    expect((await login('squatter-1')).statusCode).toBe(401);
    const reset = await post('/api/auth/reset-password', {
      token: choose,
      newPassword: 'owner-pass-1',
      confirmPassword: 'owner-pass-1',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login('owner-pass-1')).statusCode).toBe(200);
    expect((await login('squatter-1')).statusCode).toBe(401);
  });

  it('refuses forged, expired and superseded tokens', async () => {
    expect(
      (await post('/api/auth/confirm-email', { token_hash: 'x'.repeat(43), type: 'email' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/api/auth/confirm-email', { token_hash: 'x'.repeat(43), type: 'signup' }))
        .statusCode,
    ).toBe(400);
    await post('/api/auth/register', {
      email: 'late@example.com',
      password: 'abcdef',
      confirmPassword: 'abcdef',
    });
    const first = confirmationTokenFrom((await latestEmailTo(db, 'late@example.com'))!.textBody);
    await post('/api/auth/resend-confirmation', { email: 'late@example.com' });
    expect(
      (await post('/api/auth/confirm-email', { token_hash: first, type: 'email' })).statusCode,
    ).toBe(400);
    const second = confirmationTokenFrom((await latestEmailTo(db, 'late@example.com'))!.textBody);
    await db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(
      (await post('/api/auth/confirm-email', { token_hash: second, type: 'email' })).statusCode,
    ).toBe(400);
  });

  it('says the same for an unknown e-mail and a wrong password', async () => {
    const user = await insertUser(db);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'nope-nope' });
    const unknown = await post('/api/auth/login', {
      email: 'ghost@example.com',
      password: 'nope-nope',
    });
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe(authMessages.invalidCredentials);
    const missing = await post('/api/auth/login', { email: '', password: '' });
    expect(missing.json().error.message).toBe(authMessages.loginMissingFields);
  });
});

describe('sessions', () => {
  it('issues a new token at every sign-in, revokes at sign-out, and forgets expired ones', async () => {
    const user = await insertUser(db);
    const a = await signInCookie(app, user.email, user.password);
    const b = await signInCookie(app, user.email, user.password);
    expect(a).not.toBe(b);
    expect((await me(a)).statusCode).toBe(200);

    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...SAME_ORIGIN, cookie: a },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(200);

    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await me(b)).statusCode).toBe(401);
    expect((await me()).json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a cross-site request to change anything', async () => {
    const user = await insertUser(db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
  });

  it('refuses bodies over the size limit with 413', async () => {
    const res = await post('/api/auth/login', {
      email: 'a@b.co',
      password: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('rate limits', () => {
  it('answers the sixth wrong password within a minute with 429, even with the right one', async () => {
    const user = await insertUser(db);
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/auth/login', { email: user.email, password: 'wrong-pass' })).statusCode,
      ).toBe(401);
    }
    const sixth = await post('/api/auth/login', { email: user.email, password: user.password });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe(authMessages.tooManyAttempts);
  });
});

describe('admins', () => {
  it('treats is_admin as admin, and a listed ADMIN_EMAILS address alone as a customer', async () => {
    const flagged = await insertUser(db, { isAdmin: true });
    const listed = await insertUser(db, { email: 'boss@example.com' });
    const customer = await insertUser(db);
    for (const [u, role] of [
      [flagged, 'admin'],
      // Its password was not set through a link to the address (listed-admins.test.ts).
      [listed, 'user'],
      [customer, 'user'],
    ] as const) {
      const res = await me(await signInCookie(app, u.email, u.password));
      expect(res.json().role).toBe(role);
    }
  });

  it('profile totals are zero for a new customer', async () => {
    const user = await insertUser(db);
    const res = await app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: { cookie: await signInCookie(app, user.email, user.password) },
    });
    expect(res.json().totals).toEqual({
      totalSpentKobo: 0,
      totalTopupsKobo: 0,
      transactionCount: 0,
      topupCount: 0,
      purchaseCount: 0,
    });
  });
});
