import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { users } from '../auth/auth.tables.ts';
import { transactions } from '../wallet/wallet.tables.ts';
import { auditLog } from '../audit/audit.tables.ts';

const { app, db } = await createTestApp();
const admin = await signedInUser(app, db, { isAdmin: true, email: 'boss@example.com' });

const adjust = (userId: string, payload: object, cookie = admin.cookie) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/adjust`,
    headers: { cookie, ...SAME_ORIGIN },
    payload,
  });
const balanceOf = async (id: string) =>
  (await db.select().from(users).where(eq(users.id, id)))[0]!.walletBalanceKobo;

describe('admin users', () => {
  it('searches case-insensitively on e-mail or name, at most 50', async () => {
    await signedInUser(app, db, { email: 'Chidi.Search@example.com'.toLowerCase() });
    for (let i = 0; i < 55; i++)
      await db
        .insert(users)
        .values({ email: `bulk${i}@many.example`, fullName: `bulk${i}`, passwordHash: 'x' });
    const found = await app.inject({
      url: '/api/admin/users?search=CHIDI',
      headers: { cookie: admin.cookie },
    });
    expect(found.json().users.map((u: { email: string }) => u.email)).toEqual([
      'chidi.search@example.com',
    ]);
    const many = await app.inject({
      url: '/api/admin/users?search=many.example',
      headers: { cookie: admin.cookie },
    });
    expect(many.json().users).toHaveLength(50);
    const all = await app.inject({ url: '/api/admin/users', headers: { cookie: admin.cookie } });
    expect(all.json().total).toBeGreaterThanOrEqual(57);
  });

  it('leaves deleted accounts out of the list and Total Users; a search for "deleted" still finds them', async () => {
    const list = async (query = '') =>
      (
        await app.inject({ url: `/api/admin/users${query}`, headers: { cookie: admin.cookie } })
      ).json<{ users: { id: string; isDeleted: boolean }[]; total: number }>();
    const stats = async () =>
      (await app.inject({ url: '/api/admin/stats', headers: { cookie: admin.cookie } })).json<{
        totalUsers: number;
      }>();
    const leaving = await signedInUser(app, db, { email: `leaving-${Date.now()}@example.com` });
    const before = await list();
    const usersBefore = (await stats()).totalUsers;
    expect(before.users.map((u) => u.id)).toContain(leaving.user.id);
    const gone = await app.inject({
      method: 'POST',
      url: '/api/me/delete',
      headers: { cookie: leaving.cookie, ...SAME_ORIGIN },
      payload: { password: leaving.user.password, shownBalanceKobo: 0 },
    });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    const after = await list();
    expect(after.users.map((u) => u.id)).not.toContain(leaving.user.id);
    expect(after.total).toBe(before.total - 1);
    expect((await stats()).totalUsers).toBe(usersBefore - 1);
    const found = await list('?search=deleted');
    expect(found.users.find((u) => u.id === leaving.user.id)).toMatchObject({ isDeleted: true });
  });

  it('credits and debits with ADMIN_ references, the admin as actor, an audit line and the SPEC message', async () => {
    const { user } = await signedInUser(app, db);
    const credit = await adjust(user.id, {
      action: 'credit',
      amountKobo: 2500_00,
      reason: 'Refund for order',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().message).toBe('Balance adjusted successfully! New balance: ₦2,500.00');
    const debit = await adjust(user.id, {
      action: 'debit',
      amountKobo: 500_50,
      reason: 'Correction',
    });
    expect(debit.json()).toMatchObject({ newBalanceKobo: 199_950 });
    const rows = await db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows.map((r) => [r.type, r.amountKobo, r.actor])).toEqual(
      expect.arrayContaining([
        ['ADMIN_CREDIT', 250_000, 'boss@example.com'],
        ['ADMIN_DEBIT', -50_050, 'boss@example.com'],
      ]),
    );
    expect(rows.every((r) => r.reference.startsWith('ADMIN_'))).toBe(true);
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['wallet.credit', 'wallet.debit']);
  });

  it('refuses a debit below zero with the current balance and the attempted amount', async () => {
    const { user } = await signedInUser(app, db, { walletBalanceKobo: 0 });
    await adjust(user.id, { action: 'credit', amountKobo: 100_00, reason: 'x' });
    const res = await adjust(user.id, { action: 'debit', amountKobo: 150_00, reason: 'too much' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'Insufficient balance. Current: ₦100.00, Attempted deduction: ₦150.00',
    );
    expect(await balanceOf(user.id)).toBe(10_000);
  });

  it.each([
    [
      { action: 'credit', amountKobo: 0, reason: 'x' },
      'Invalid amount: Please enter a valid amount',
    ],
    [
      { action: 'credit', amountKobo: -500, reason: 'x' },
      'Invalid amount: Please enter a valid amount',
    ],
    [
      { action: 'credit', amountKobo: 'abc', reason: 'x' },
      'Invalid amount: Please enter a valid amount',
    ],
    [{ action: 'credit', amountKobo: 10_00, reason: '  ' }, 'Please fill in all fields'],
    [{ amountKobo: 10_00, reason: 'x' }, 'Please fill in all fields'],
  ])('refuses %j', async (payload, message) => {
    const { user } = await signedInUser(app, db);
    const res = await adjust(user.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('never drives a balance below zero under 20 concurrent debits', async () => {
    const { user } = await signedInUser(app, db);
    await adjust(user.id, { action: 'credit', amountKobo: 100_00, reason: 'seed' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        adjust(user.id, { action: 'debit', amountKobo: 10_00, reason: 'race' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(10);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('shows a user with the latest 5 transactions and totals', async () => {
    const { user } = await signedInUser(app, db);
    for (let i = 1; i <= 7; i++)
      await adjust(user.id, { action: 'credit', amountKobo: i * 100, reason: `r${i}` });
    const res = await app.inject({
      url: `/api/admin/users/${user.id}`,
      headers: { cookie: admin.cookie },
    });
    const body = res.json();
    expect(body.transactions).toHaveLength(5);
    expect(body.totals.transactionCount).toBe(7);
    expect(body.user).toMatchObject({ role: 'Customer', walletBalanceKobo: 2800 });
  });

  it.each([
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users/00000000-0000-0000-0000-000000000000'],
    ['POST', '/api/admin/users/00000000-0000-0000-0000-000000000000/adjust'],
    ['GET', '/api/admin/payments'],
    ['POST', '/api/admin/payments/00000000-0000-0000-0000-000000000000/recheck'],
  ] as const)('%s %s refuses anonymous (401) and customers (403)', async (method, url) => {
    const customer = await signedInUser(app, db);
    const anon = await app.inject({
      method,
      url,
      headers: SAME_ORIGIN,
      payload: method === 'POST' ? {} : undefined,
    });
    const asCustomer = await app.inject({
      method,
      url,
      headers: { cookie: customer.cookie, ...SAME_ORIGIN },
      payload: method === 'POST' ? {} : undefined,
    });
    expect([anon.statusCode, asCustomer.statusCode]).toEqual([401, 403]);
  });
});
