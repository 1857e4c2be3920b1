// Every exported CSV goes through one helper (csv-export.ts): no cell, header row included, reaches a file as
// a spreadsheet formula. And the Activity trail records who took each file, or saw decrypted credentials.
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../shared/audit.ts';
import { quickCustomer, SAME_ORIGIN, signedInUser } from '../test/auth-helpers.ts';
import { reportClient } from '../test/report-helpers.ts';
import { insertGroupWithStock } from '../test/stock-helpers.ts';
import { createTestApp } from '../test/test-app.ts';
import { productGroups } from '../modules/catalogue/catalogue.tables.ts';
import { stockAccounts } from '../modules/stock/stock.tables.ts';

const { app, db } = await createTestApp();
const admin = await signedInUser(app, db, { isAdmin: true, email: 'exporter@example.com' });
const client = reportClient(app);
const FORMULA = '=HYPERLINK("http://evil.example","click")';
const get = (url: string) => app.inject({ url, headers: { cookie: admin.cookie } });
const activity = async (action: string) =>
  (await get(`/api/admin/activity?action=${action}`)).json<ActivityPage>().entries;
const formulaCells = (csv: string) =>
  parse(csv, { relax_column_count: true })
    .flat()
    .filter((cell: string) => /^[=+\-@\t\r]/.test(cell));

describe('CSV exports', () => {
  it('neutralise the stock export, header row (detail keys) included, and record who took it', async () => {
    const group = await insertGroupWithStock(db, { accounts: 1, name: 'Export stock' });
    await db
      .update(stockAccounts)
      .set({ additionalInfo: { [FORMULA]: '+2348000000000', '@note': '-1' } })
      .where(eq(stockAccounts.productGroupId, group.id));
    const res = await get(`/api/admin/product-groups/${group.id}/export.csv`);
    expect(res.statusCode).toBe(200);
    const [header, row] = parse(res.body, { relax_column_count: true }) as string[][];
    expect(header).toContain(`'${FORMULA}`);
    expect(header).toContain("'@note");
    expect(row).toContain("'+2348000000000");
    expect(formulaCells(res.body)).toEqual([]);
    expect(await activity('account.export')).toEqual([
      expect.objectContaining({ actorEmail: admin.user.email, targetId: group.id }),
    ]);
  });

  it('neutralise the orders export and record who took it, with the filters', async () => {
    const group = await insertGroupWithStock(db, { accounts: 1, priceKobo: 1000 });
    await db.update(productGroups).set({ name: FORMULA }).where(eq(productGroups.id, group.id));
    const buyer = await quickCustomer(db, 100_000);
    await client.buy(buyer.cookie, group.id);
    const res = await get('/api/admin/orders/export.csv?status=completed');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`'${FORMULA}`.replace(/"/g, '""'));
    expect(formulaCells(res.body)).toEqual([]);
    expect(await activity('order.export')).toEqual([
      expect.objectContaining({
        actorEmail: admin.user.email,
        details: { filters: expect.objectContaining({ status: 'completed' }) },
      }),
    ]);
  });
});

describe('decrypted credentials on screen', () => {
  it('leave a line naming the admin who opened an account', async () => {
    const group = await insertGroupWithStock(db, { accounts: 1 });
    const [account] = await db
      .select()
      .from(stockAccounts)
      .where(eq(stockAccounts.productGroupId, group.id));
    const res = await get(`/api/admin/accounts/${account!.id}`);
    expect(res.json().password).toMatch(/^pw-/);
    expect(await activity('account.credentials_view')).toEqual([
      expect.objectContaining({ actorEmail: admin.user.email, targetId: account!.id }),
    ]);
  });

  it('leave a line naming the admin who listed reported accounts, and which ones', async () => {
    const group = await insertGroupWithStock(db, { accounts: 2 });
    const buyer = await quickCustomer(db, 1_000_000);
    const order = await client.buy(buyer.cookie, group.id);
    const accountId = order.items[0]!.accountId;
    const reported = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/reports`,
      headers: { cookie: buyer.cookie, ...SAME_ORIGIN },
      payload: { accountIds: [accountId], reason: 'wrong_password' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    expect((await get('/api/admin/reports?status=open')).statusCode).toBe(200);
    expect(await activity('report.credentials_view')).toEqual([
      expect.objectContaining({
        actorEmail: admin.user.email,
        details: { filter: 'open', accountIds: [accountId] },
      }),
    ]);
    // The view names each listed account (its username and template), not its id.
    const page = (
      await get('/api/admin/activity?action=report.credentials_view')
    ).json<ActivityPage>();
    expect(page.names[accountId]).toMatch(new RegExp(`^@.+ \\(${group.name}\\)$`));
  });
});
