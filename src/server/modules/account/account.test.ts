import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../../shared/account.ts';
import { authMessages } from '../../../shared/auth.ts';
import {
  fundWallet,
  insertUser,
  latestEmailTo,
  postSettled,
  SAME_ORIGIN,
  signInCookie,
  tokenFromLink,
} from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { emailTokens, sessions, users } from '../auth/auth.tables.ts';
import { hashToken } from '../auth/sessions.ts';

const { app, db } = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
let ip = 0;
// Each call from its own address unless one is given, so per-client limits only bite where a test wants them.
const post = (
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress = `10.1.0.${++ip % 250}`,
) => postSettled(app, url, payload, { headers, remoteAddress });
const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const linkToken = tokenFromLink;

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

describe('profile settings', () => {
  it('changes the name', async () => {
    const user = await insertUser(db);
    const cookie = await signInCookie(app, user.email, user.password);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { fullName: '  Ada Obi  ' },
    });
    expect(res.json().message).toBe(accountMessages.nameSaved);
    expect((await me(cookie)).json().fullName).toBe('Ada Obi');
    const empty = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { fullName: ' ' },
    });
    expect(empty.json().error.message).toBe(accountMessages.nameRequired);
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const user = await insertUser(db);
    const here = await signInCookie(app, user.email, user.password);
    const there = await signInCookie(app, user.email, user.password);
    const change = (currentPassword: string) =>
      post(
        '/api/me/password',
        { currentPassword, newPassword: 'new-secret', confirmPassword: 'new-secret' },
        { cookie: here },
      );
    const wrong = await change('not-it');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'WRONG_PASSWORD',
      message: accountMessages.currentPasswordWrong,
    });
    expect((await me(there)).statusCode).toBe(200);

    const ok = await change(user.password);
    expect(ok.json().message).toBe(accountMessages.passwordChanged);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(there)).statusCode).toBe(401);
    expect((await latestEmailTo(db, user.email))!.subject).toBe(
      'Your AcctStore password was changed',
    );
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'new-secret' })).statusCode,
    ).toBe(200);
  });

  it('stops answering wrong current passwords after five in a row', async () => {
    const user = await insertUser(db);
    const cookie = await signInCookie(app, user.email, user.password);
    const body = (currentPassword: string) => ({
      currentPassword,
      newPassword: 'new-secret',
      confirmPassword: 'new-secret',
    });
    for (let i = 0; i < 5; i++)
      expect((await post('/api/me/password', body('wrong'), { cookie })).statusCode).toBe(400);
    expect((await post('/api/me/password', body(user.password), { cookie })).statusCode).toBe(429);
  });
});

describe('changing the e-mail address', () => {
  it('changes only when the link sent to the new address is opened, then tells the old address', async () => {
    const user = await insertUser(db);
    const cookie = await signInCookie(app, user.email, user.password);
    const taken = await insertUser(db);
    expect(
      (
        await post(
          '/api/me/email',
          { newEmail: 'fresh@example.com', currentPassword: 'nope' },
          { cookie },
        )
      ).json().error.code,
    ).toBe('WRONG_PASSWORD');
    const clash = await post(
      '/api/me/email',
      { newEmail: taken.email, currentPassword: user.password },
      { cookie },
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(accountMessages.emailTaken);
    expect(
      (
        await post(
          '/api/me/email',
          { newEmail: user.email, currentPassword: user.password },
          { cookie },
        )
      ).json().error.message,
    ).toBe(accountMessages.emailSame);

    const asked = await post(
      '/api/me/email',
      { newEmail: 'Fresh@Example.com', currentPassword: user.password },
      { cookie },
    );
    expect(asked.json().message).toBe(accountMessages.emailChangeSent);
    expect((await me(cookie)).json().email).toBe(user.email);
    const token = linkToken(
      (await latestEmailTo(db, 'fresh@example.com'))!.textBody,
      '/email-change',
    );

    // Opened in the browser of this session, which stays signed in (every other session ends).
    const done = await post('/api/auth/confirm-email-change', { token }, { cookie });
    expect(done.json()).toMatchObject({
      message: accountMessages.emailChanged,
      email: 'fresh@example.com',
    });
    expect((await me(cookie)).json().email).toBe('fresh@example.com');
    const notice = await latestEmailTo(db, user.email);
    expect(notice!.subject).toBe('Your AcctStore e-mail address was changed');
    expect(notice!.textBody).toContain('fresh@example.com');

    const reused = await post('/api/auth/confirm-email-change', { token });
    expect(reused.json().error).toEqual({
      code: 'EMAIL_CHANGE_INVALID',
      message: accountMessages.emailChangeInvalid,
    });
    expect(
      (await post('/api/auth/login', { email: 'fresh@example.com', password: user.password }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(401);
  });

  it('refuses the link when someone registered the address in the meantime', async () => {
    const user = await insertUser(db);
    const cookie = await signInCookie(app, user.email, user.password);
    await post(
      '/api/me/email',
      { newEmail: 'race@example.com', currentPassword: user.password },
      { cookie },
    );
    const token = linkToken(
      (await latestEmailTo(db, 'race@example.com'))!.textBody,
      '/email-change',
    );
    await insertUser(db, { email: 'race@example.com' });
    const res = await post('/api/auth/confirm-email-change', { token });
    expect(res.statusCode).toBe(409);
    expect((await me(cookie)).json().email).toBe(user.email);
  });
});

describe('sessions', () => {
  const chrome =
    'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
  const firefox = 'Mozilla/5.0 (Windows NT 10.0; rv:121.0) Gecko/20100101 Firefox/121.0';
  async function signInWith(email: string, password: string, userAgent: string) {
    const res = await post('/api/auth/login', { email, password }, { 'user-agent': userAgent });
    return `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
  }

  it('lists the devices with last seen, ends one, then every other', async () => {
    const user = await insertUser(db);
    const phone = await signInWith(user.email, user.password, chrome);
    const desk = await signInWith(user.email, user.password, firefox);
    const third = await signInWith(user.email, user.password, 'curl/8');
    const list = await app.inject({ url: '/api/me/sessions', headers: { cookie: phone } });
    const found = list.json().sessions as {
      id: string;
      device: string;
      isCurrent: boolean;
      lastSeenAt: string;
    }[];
    expect(found[0]).toMatchObject({ device: 'Chrome on Android', isCurrent: true });
    expect(found.filter((s) => s.isCurrent)).toHaveLength(1);
    expect(found.map((s) => s.device).sort()).toEqual([
      'Chrome on Android',
      'Firefox on Windows',
      'Unknown device',
    ]);
    expect(found.every((s) => !Number.isNaN(Date.parse(s.lastSeenAt)))).toBe(true);
    expect(JSON.stringify(found)).not.toMatch(/token/i);

    const deskId = found.find((s) => s.device === 'Firefox on Windows')!.id;
    const end = await app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${deskId}`,
      headers: { ...SAME_ORIGIN, cookie: phone },
    });
    expect(end.json().message).toBe(accountMessages.sessionEnded);
    expect((await me(desk)).statusCode).toBe(401);
    const twice = await app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${deskId}`,
      headers: { ...SAME_ORIGIN, cookie: phone },
    });
    expect(twice.statusCode).toBe(404);

    const others = await post('/api/me/sessions/end-others', {}, { cookie: phone });
    expect(others.json().message).toBe(accountMessages.otherSessionsEnded);
    expect((await me(third)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it("cannot end someone else's session", async () => {
    const owner = await insertUser(db);
    const ownerCookie = await signInCookie(app, owner.email, owner.password);
    const [ownerSession] = await db.select().from(sessions).where(eq(sessions.userId, owner.id));
    const stranger = await insertUser(db);
    const strangerCookie = await signInCookie(app, stranger.email, stranger.password);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${ownerSession!.id}`,
      headers: { ...SAME_ORIGIN, cookie: strangerCookie },
    });
    expect(res.statusCode).toBe(404);
    expect((await me(ownerCookie)).statusCode).toBe(200);
  });

  it('notes when a session was last seen, at most every few minutes', async () => {
    const user = await insertUser(db);
    const cookie = await signInCookie(app, user.email, user.password);
    const old = new Date(Date.now() - 3600_000);
    await db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, user.id));
    await me(cookie);
    const [row] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });
});

describe('deleting my account', () => {
  it('refuses without the password or when the balance shown is not the balance', async () => {
    const user = await insertUser(db);
    const cookie = await signInCookie(app, user.email, user.password);
    await fundWallet(db, user.id, 50_000);
    expect(
      (
        await post('/api/me/delete', { password: 'wrong', shownBalanceKobo: 50_000 }, { cookie })
      ).json().error.code,
    ).toBe('WRONG_PASSWORD');
    const stale = await post(
      '/api/me/delete',
      { password: user.password, shownBalanceKobo: 0 },
      { cookie },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(accountMessages.balanceChanged);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('removes the personal data and keeps the orders and ledger, anonymised', async () => {
    const { insertGroupWithStock } = await import('../../test/stock-helpers.ts');
    const user = await insertUser(db, { email: 'leaving@example.com' });
    const cookie = await signInCookie(app, user.email, user.password);
    const other = await signInCookie(app, user.email, user.password);
    await fundWallet(db, user.id, 30_000);
    const group = await insertGroupWithStock(db, { accounts: 2, priceKobo: 10_000 });
    const bought = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...SAME_ORIGIN, cookie, 'idempotency-key': 'delete-test-order-1' },
      payload: { productGroupId: group.id, quantity: 1 },
    });
    expect(bought.statusCode).toBe(201);
    await post('/api/inbox/contact', {
      type: 'general',
      name: 'Leaving',
      email: 'leaving@example.com',
      subject: 'Hi',
      message: 'Bye',
    });
    await post('/api/auth/forgot-password', { email: 'leaving@example.com' });

    const res = await post(
      '/api/me/delete',
      { password: user.password, shownBalanceKobo: 20_000 },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(accountMessages.accountDeleted);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);

    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      fullName: 'Deleted user',
      isAdmin: false,
      emailConfirmedAt: null,
      walletBalanceKobo: 20_000,
    });
    expect(row!.email).not.toContain('leaving');
    expect(row!.deletedAt).not.toBeNull();
    const leftovers = await db.execute(
      `select (select count(*) from sessions where user_id = '${user.id}')::int as sessions,
              (select count(*) from email_tokens where user_id = '${user.id}')::int as tokens,
              (select count(*) from inbox_messages where email = 'leaving@example.com')::int as inbox,
              (select count(*) from email_outbox where to_address = 'leaving@example.com' or user_id = '${user.id}')::int as mail,
              (select count(*) from orders where user_id = '${user.id}')::int as orders,
              (select count(*) from transactions where user_id = '${user.id}')::int as ledger`,
    );
    expect(leftovers.rows[0]).toEqual({
      sessions: 0,
      tokens: 0,
      inbox: 0,
      mail: 0,
      orders: 1,
      ledger: 2,
    });

    // The address is free again, and the old password opens nothing.
    expect(
      (await post('/api/auth/login', { email: 'leaving@example.com', password: user.password }))
        .statusCode,
    ).toBe(401);
    const again = await post('/api/auth/register', {
      email: 'leaving@example.com',
      password: 'abcdef',
      confirmPassword: 'abcdef',
    });
    expect(again.statusCode).toBe(201);
    const forgot = await post('/api/auth/forgot-password', { email: row!.email });
    expect(forgot.statusCode).toBe(200);
    expect(await latestEmailTo(db, row!.email)).toBeUndefined();
  });

  it('is for customers: an admin account is not deleted from the console', async () => {
    const admin = await insertUser(db, { isAdmin: true });
    const cookie = await signInCookie(app, admin.email, admin.password);
    expect(
      (await post('/api/me/delete', { password: admin.password, shownBalanceKobo: 0 }, { cookie }))
        .statusCode,
    ).toBe(403);
  });
});
