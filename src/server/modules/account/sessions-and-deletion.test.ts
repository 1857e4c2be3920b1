import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../../shared/account.ts';
import {
  fundWallet,
  insertUser,
  latestEmailTo,
  SAME_ORIGIN,
  signInCookie,
} from '../../test/auth-helpers.ts';
import { sessions, users } from '../auth/auth.tables.ts';
import { accountTestKit } from '../../test/kits/account-kit.ts';

const { app, db, post, me } = await accountTestKit();

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
