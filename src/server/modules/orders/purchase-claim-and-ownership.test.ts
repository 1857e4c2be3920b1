import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickCustomer, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { recomputeStockCount } from '../stock/stock-count.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { purchaseTestKit } from '../../test/kits/purchase-kit.ts';

const { app, db, buy, balanceOf } = await purchaseTestKit();

describe("the claim starts at the group's oldest available account (drizzle/0018)", () => {
  // The group's accounts, oldest first, as the claim orders them.
  const accountsOf = async (groupId: string) =>
    (
      await db.execute<{ id: string; status: string; order_id: string | null }>(
        sql`select id, status, order_id from individual_accounts where product_group_id = ${groupId}
             order by created_at, id`,
      )
    ).rows;
  const startOf = async (groupId: string) =>
    (await db.select().from(productGroups).where(eq(productGroups.id, groupId)))[0]!;

  it('moves the start to the oldest account left after each sale, and sells the oldest first', async () => {
    const group = await insertGroupWithStock(db, { accounts: 4, priceKobo: 1_000 });
    const accounts = await accountsOf(group.id);
    expect((await startOf(group.id)).claimFromId).toBe(accounts[0]!.id);
    const { cookie } = await quickCustomer(db, 100_000);
    const res = await buy(cookie, { productGroupId: group.id, quantity: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const after = await accountsOf(group.id);
    expect(after.map((a) => a.status)).toEqual(['sold', 'sold', 'available', 'available']);
    // Folded before the purchase answered: the next claim starts at the third account.
    expect((await startOf(group.id)).claimFromId).toBe(accounts[2]!.id);
  });

  it('searches the whole group when the accounts from the start on are too few, so a sale is never refused while an account is available', async () => {
    const group = await insertGroupWithStock(db, { accounts: 4, priceKobo: 1_000 });
    const [a1, a2, a3, a4] = await accountsOf(group.id);
    // A start past the two oldest accounts: the claim looks from the third one first.
    await db.execute(
      sql`update product_groups set claim_from_created_at = (select created_at from individual_accounts where id = ${a3!.id}),
                                    claim_from_id = ${a3!.id}::uuid
           where id = ${group.id}`,
    );
    const { cookie } = await quickCustomer(db, 100_000);
    const first = await buy(cookie, { productGroupId: group.id, quantity: 1 });
    expect(first.statusCode, first.body).toBe(201);
    const second = await buy(cookie, { productGroupId: group.id, quantity: 2 });
    expect(second.statusCode, second.body).toBe(201);
    const orderOf = (res: typeof first) => res.json().order.id as string;
    const sold = Object.fromEntries((await accountsOf(group.id)).map((a) => [a.id, a.order_id]));
    // The first claim took the start's account; the second found only one from the start on (a4) and took
    // the two oldest of the whole group instead.
    expect(sold[a3!.id]).toBe(orderOf(first));
    expect([sold[a1!.id], sold[a2!.id], sold[a4!.id]]).toEqual([
      orderOf(second),
      orderOf(second),
      null,
    ]);
    // The store's own writers never leave an account before the start (check-ledger.ts); this test did.
    await recomputeStockCount(db, group.id);
    expect((await startOf(group.id)).claimFromId).toBe(a4!.id);
  });

  it('moves the start back to the rows a CSV import wrote when they are older', async () => {
    const group = await insertGroupWithStock(db, { accounts: 0 });
    // A start later than the import's rows, as a fold that committed during a long import could leave.
    await db.execute(
      sql`update product_groups set claim_from_created_at = now() + interval '1 hour', claim_from_id = gen_random_uuid()
           where id = ${group.id}`,
    );
    const admin = await signedInUser(app, db, { isAdmin: true });
    const upload = await app.inject({
      method: 'POST',
      url: `/api/admin/product-groups/${group.id}/upload`,
      headers: { cookie: admin.cookie, ...SAME_ORIGIN, 'content-type': 'text/csv' },
      payload: 'username,password\nfirst,pw\nsecond,pw\n',
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const [oldest] = await accountsOf(group.id);
    const start = await startOf(group.id);
    expect(start.claimFromCreatedAt!.getTime()).toBeLessThanOrEqual(
      (
        await db.select().from(stockAccounts).where(eq(stockAccounts.id, oldest!.id))
      )[0]!.createdAt.getTime(),
    );
    const { cookie } = await quickCustomer(db, 1_000_000);
    expect((await buy(cookie, { productGroupId: group.id, quantity: 2 })).statusCode).toBe(201);
  });
});

describe('an order belongs to its buyer', () => {
  it('shows, downloads and e-mails credentials to the owner, and answers 404 to another customer', async () => {
    const group = await insertGroupWithStock(db, { accounts: 2, priceKobo: 10_000 });
    const owner = await quickCustomer(db, 100_000);
    const other = await quickCustomer(db, 100_000);
    const { order } = (await buy(owner.cookie, { productGroupId: group.id, quantity: 2 })).json();
    const creds = await app.inject({
      url: `/api/orders/${order.id}/credentials`,
      headers: { cookie: owner.cookie },
    });
    expect(creds.json().accounts).toHaveLength(2);
    expect(creds.json().accounts[0].password).toMatch(/^pw-/);
    const file = await app.inject({
      url: `/api/orders/${order.id}/download?format=json`,
      headers: { cookie: owner.cookie },
    });
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${order.id}.json"`);
    expect(JSON.parse(file.body).accounts).toHaveLength(2);
    const txt = await app.inject({
      url: `/api/orders/${order.id}/download?format=txt`,
      headers: { cookie: owner.cookie },
    });
    expect(txt.body).toContain('Password: pw-');
    const mail = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/email`,
      headers: { cookie: owner.cookie, ...SAME_ORIGIN },
    });
    expect(mail.json()).toMatchObject({
      message: `Credentials sent to ${owner.user.email}`,
      email: { status: 'pending', to: owner.user.email },
    });
    for (const req of [
      { url: `/api/orders/${order.id}/credentials` },
      { url: `/api/orders/${order.id}/download` },
      { url: `/api/orders/${order.id}/email`, method: 'POST' as const },
    ]) {
      const res = await app.inject({ ...req, headers: { cookie: other.cookie, ...SAME_ORIGIN } });
      expect(res.statusCode, req.url).toBe(404);
    }
    const list = await app.inject({ url: '/api/orders', headers: { cookie: other.cookie } });
    expect(list.json().orders).toEqual([]);
  });

  it("answers the checkout's purchase with the order's credentials, as the owner's read shows them, never cached, and again for a retried key", async () => {
    const group = await insertGroupWithStock(db, { accounts: 2, priceKobo: 10_000 });
    const owner = await quickCustomer(db, 100_000);
    const key = crypto.randomUUID();
    const withCredentials = () =>
      app.inject({
        method: 'POST',
        url: '/api/orders?include=credentials',
        headers: { cookie: owner.cookie, ...SAME_ORIGIN, 'idempotency-key': key },
        payload: { productGroupId: group.id, quantity: 2 },
      });
    const first = await withCredentials();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const { order, credentials } = first.json();
    const read = await app.inject({
      url: `/api/orders/${order.id}/credentials`,
      headers: { cookie: owner.cookie },
    });
    expect(credentials).toEqual(read.json());
    expect(credentials.accounts).toHaveLength(2);
    const again = await withCredentials();
    expect(again.statusCode).toBe(200);
    expect(again.json().credentials).toEqual(credentials);
    // Without asking (the reseller API's clients, the purchase benchmark): no credentials, no extra read.
    const other = await insertGroupWithStock(db, { accounts: 1, priceKobo: 10_000 });
    const plain = await buy(owner.cookie, { productGroupId: other.id, quantity: 1 });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).not.toHaveProperty('credentials');
    expect(await balanceOf(owner.user.id)).toBe(70_000);
  });
});
