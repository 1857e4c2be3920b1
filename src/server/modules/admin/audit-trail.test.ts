// The audit trail: each admin change to money, stock, catalogue, roles or reports leaves one line (who,
// what, before → after, when) in the same transaction; the Activity view filters it; nothing can change it.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../../shared/audit.ts';
import { quickCustomer, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { reportClient } from '../../test/report-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';

const { app, db } = await createTestApp();
const admin = await signedInUser(app, db, { isAdmin: true, email: 'auditor@example.com' });
const other = await signedInUser(app, db, { isAdmin: true, email: 'second.admin@example.com' });

const send = (method: 'POST' | 'PATCH', url: string, payload: object, cookie = admin.cookie) =>
  app.inject({ method, url, headers: { cookie, ...SAME_ORIGIN }, payload });
const activity = async (query = '') =>
  (
    await app.inject({
      url: `/api/admin/activity${query ? `?${query}` : ''}`,
      headers: { cookie: admin.cookie },
    })
  ).json<ActivityPage>();

describe('the audit trail', () => {
  it('records who changed what, before → after, for money, stock, catalogue and reports', async () => {
    const group = await insertGroupWithStock(db, { accounts: 3, priceKobo: 50_000 });
    const buyer = await quickCustomer(db, 100_000);
    expect(
      (
        await send('POST', `/api/admin/users/${buyer.user.id}/adjust`, {
          action: 'credit',
          amountKobo: 100_00,
          reason: 'goodwill',
        })
      ).statusCode,
    ).toBe(200);
    const category = await send('POST', '/api/admin/categories', { name: 'Audit Cat' });
    expect(
      (
        await send('PATCH', `/api/admin/categories/${category.json().item.id}`, {
          name: 'Audit Cat 2',
          description: '',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await send(
          'PATCH',
          `/api/admin/product-groups/${group.id}`,
          { productName: group.name, categoryId: group.categoryId, priceKobo: 60_000 },
          other.cookie,
        )
      ).statusCode,
    ).toBe(200);
    const [account] = (
      await db.execute<{ id: string; username: string }>(
        sql`select id, username from individual_accounts where product_group_id = ${group.id} order by created_at limit 1`,
      )
    ).rows;
    expect(
      (
        await send('PATCH', `/api/admin/accounts/${account!.id}`, {
          username: account!.username,
          status: 'reserved',
          password: 'new-secret-pw',
        })
      ).statusCode,
    ).toBe(200);
    const reports = reportClient(app);
    const order = await reports.buy(buyer.cookie, group.id);
    const filed = await reports.report(buyer.cookie, order.id, [order.items[0]!.accountId]);
    expect(
      (await reports.resolve(admin.cookie, filed.json().reportIds[0], { action: 'refund' }))
        .statusCode,
    ).toBe(200);

    const { entries, names } = await activity();
    // The page names what its ids stand for, so the view shows e-mails, usernames and names, not ids.
    expect(names[buyer.user.id]).toBe(buyer.user.email);
    expect(names[group.id]).toBe(group.name);
    expect(names[category.json().item.id]).toBe('Audit Cat 2');
    expect(names[account!.id]).toBe(`@${account!.username} (${group.name})`);
    const byAction = Object.fromEntries(entries.map((e) => [e.action, e]));
    expect(byAction['wallet.credit']).toMatchObject({
      actorEmail: 'auditor@example.com',
      details: { before: { balanceKobo: 100_000 }, after: { balanceKobo: 110_000 } },
    });
    expect(byAction['category.update']!.details).toEqual({
      before: { name: 'Audit Cat' },
      after: { name: 'Audit Cat 2' },
    });
    expect(byAction['product_group.update']).toMatchObject({
      actorEmail: 'second.admin@example.com',
      details: { before: { priceKobo: 50_000 }, after: { priceKobo: 60_000 } },
    });
    expect(byAction['account.update']!.details).toMatchObject({
      before: { status: 'available' },
      after: { status: 'reserved' },
      secretsChanged: ['password'],
    });
    expect(JSON.stringify(entries)).not.toContain('new-secret-pw');
    expect(byAction['report.refund']!.details).toMatchObject({
      amountKobo: 60_000,
      before: { reportStatus: 'open' },
      after: { reportStatus: 'refunded' },
    });
  });

  it('writes no line for a change that was refused (same transaction)', async () => {
    const poor = await quickCustomer(db, 0);
    const before = (await activity()).total;
    expect(
      (
        await send('POST', `/api/admin/users/${poor.user.id}/adjust`, {
          action: 'debit',
          amountKobo: 5_00,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(409);
    expect((await activity()).total).toBe(before);
  });

  it('filters by area, admin and date range, a page at a time', async () => {
    const money = await activity('area=money');
    expect(money.entries.length).toBeGreaterThan(0);
    expect(
      money.entries.every(
        (e) =>
          e.action.startsWith('wallet.') ||
          e.action.startsWith('payment.') ||
          e.action === 'report.refund',
      ),
    ).toBe(true);
    const catalogue = await activity('area=catalogue');
    expect(catalogue.entries.map((e) => e.action).sort()).toEqual([
      'category.create',
      'category.update',
      'product_group.update',
    ]);
    expect((await activity('actor=SECOND.admin')).entries.map((e) => e.action)).toEqual([
      'product_group.update',
    ]);
    expect((await activity('action=report.refund')).total).toBe(1);
    expect((await activity('to=2020-01-01')).total).toBe(0);
    expect((await activity('from=2020-01-01')).total).toBe((await activity()).total);
    const bad = await app.inject({
      url: '/api/admin/activity?area=everything',
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('cannot be edited or deleted: no route writes to it and the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    expect(
      app.apiRoutes
        .filter((r) => /^\/api\/admin\/(activity|audit)/.test(r.url))
        .map((r) => r.method),
    ).toEqual(['GET']);
    for (const statement of [
      sql`update audit_log set action = 'x'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      await expect(db.execute(statement)).rejects.toThrow();
    }
    expect((await activity()).total).toBeGreaterThan(5);
  });
});
