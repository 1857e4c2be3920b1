import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickCustomer, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { recomputeStockCount } from '../stock/stock-count.ts';
import { createTestApp } from '../../test/test-app.ts';
import { purchaseClient } from '../../test/purchase-helpers.ts';
import { AUTH_REQUIRED_MESSAGE } from '../../http/access.ts';
import { sessions } from '../auth/auth.tables.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import { deliverDueEmails } from '../mail/deliver-emails.ts';
import { emailOutbox } from '../mail/mail.tables.ts';
import { openEmailBody } from '../mail/outbox.ts';
import { outboxBodyOpener } from './credentials-email.ts';
import type { MailMessage } from '../mail/transports.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { transactions } from '../wallet/wallet.tables.ts';
import { testCipher } from '../../test/stock-helpers.ts';

const { app, db } = await createTestApp();

const { buy, balanceOf, stockOf } = purchaseClient(app, db);

describe('purchase', () => {
  it('buys one account: completed order, debit with ORD- reference, account sold, stock recomputed, credentials e-mail queued without credentials', async () => {
    const group = await insertGroupWithStock(db, { accounts: 3, priceKobo: 350_000 });
    const { user, cookie } = await quickCustomer(db, 1_000_000);
    const res = await buy(cookie, { productGroupId: group.id, quantity: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const { order, balanceKobo } = res.json();
    expect(order).toMatchObject({
      status: 'completed',
      quantity: 1,
      amountKobo: 350_000,
      productName: group.name,
    });
    expect(balanceKobo).toBe(650_000);
    // The answer is built from what the purchase returned: the same order the history shows.
    const history = await app.inject({ url: '/api/orders', headers: { cookie } });
    expect(order).toEqual(history.json().orders[0]);
    const [ledger] = await db.select().from(transactions).where(eq(transactions.orderId, order.id));
    expect(ledger).toMatchObject({
      type: 'purchase',
      amountKobo: -350_000,
      reference: `ORD-${order.id.slice(0, 8).toUpperCase()}`,
    });
    expect(await stockOf(group.id)).toBe(2);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    expect(mail!.toAddress).toBe(user.email);
    const [sold] = await db.select().from(stockAccounts).where(eq(stockAccounts.orderId, order.id));
    const password = testCipher.decrypt(sold!.passwordEnc);
    // Queued as "send this order's credentials": no credential in the outbox, not even sealed, yet.
    expect(mail!.textBody).not.toContain(password);
    expect(openEmailBody(testCipher, mail!.textBody)).not.toContain(password);
    const sent: MailMessage[] = [];
    await deliverDueEmails(
      db,
      { name: 'test', send: async (m) => void sent.push(m) },
      'store@test',
      { open: outboxBodyOpener(db, testCipher) },
    );
    expect(sent.find((m) => m.to === user.email)?.text).toContain(password);
    // Rendered by the worker after commit, it is stored sealed from then on.
    const [stored] = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
    expect(stored!.textBody).not.toContain(password);
    expect(openEmailBody(testCipher, stored!.textBody)).toContain(password);
    // The receipt part: what the order cost and what the wallet holds after it.
    expect(sent.find((m) => m.to === user.email)?.text).toContain('Amount paid: ₦3,500.00');
    expect(sent.find((m) => m.to === user.email)?.text).toContain(
      'Wallet balance after this purchase: ₦6,500.00',
    );
  });

  it('records two purchases whose order ids begin alike: a purchase reference (ORD- and 8 characters) need not be unique', async () => {
    // 'ORD-' plus 8 hex characters is 32 bits: after about 77,000 orders two are more likely than not to
    // share one, and the second purchase must not fail on it.
    const group = await insertGroupWithStock(db, { accounts: 2, priceKobo: 100 });
    const { user, cookie } = await quickCustomer(db, 1_000);
    const first = (await buy(cookie, { productGroupId: group.id, quantity: 1 })).json().order;
    const second = (await buy(cookie, { productGroupId: group.id, quantity: 1 })).json().order;
    const shared = `ORD-${first.id.slice(0, 8).toUpperCase()}`;
    await db
      .update(transactions)
      .set({ reference: shared })
      .where(eq(transactions.orderId, second.id));
    const rows = await db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(rows.filter((r) => r.reference === shared)).toHaveLength(2);
    // Every other kind of reference stays unique.
    const entry = {
      userId: user.id,
      amountKobo: 1,
      balanceAfterKobo: 801,
      status: 'completed' as const,
    };
    await db
      .insert(transactions)
      .values({ ...entry, type: 'ADMIN_CREDIT', description: 'a', reference: 'ADMIN_x' });
    await expect(
      db
        .insert(transactions)
        .values({ ...entry, type: 'ADMIN_CREDIT', description: 'b', reference: 'ADMIN_x' }),
    ).rejects.toMatchObject({ cause: { constraint: 'transactions_reference_key' } });
    await db.delete(transactions).where(eq(transactions.reference, 'ADMIN_x'));
  });

  it('buys many at once and a specific account; refuses with the SPEC messages and changes nothing', async () => {
    const group = await insertGroupWithStock(db, { accounts: 4, priceKobo: 100_000 });
    const { user, cookie } = await quickCustomer(db, 500_000);
    const three = await buy(cookie, { productGroupId: group.id, quantity: 3 });
    expect(three.json().order.accounts).toHaveLength(3);
    const [left] = await db
      .select()
      .from(stockAccounts)
      .where(sql`${stockAccounts.productGroupId} = ${group.id} and status = 'available'`);
    const tooMany = await buy(cookie, { productGroupId: group.id, quantity: 2 });
    expect([tooMany.statusCode, tooMany.json().error.message]).toEqual([
      409,
      'Only 1 accounts available, but 2 requested',
    ]);
    const poor = await quickCustomer(db, 50_000);
    const broke = await buy(poor.cookie, {
      productGroupId: group.id,
      quantity: 1,
      accountId: left!.id,
    });
    expect([broke.statusCode, broke.json().error.message]).toEqual([
      402,
      'Insufficient wallet balance',
    ]);
    const one = await buy(cookie, { productGroupId: group.id, quantity: 1, accountId: left!.id });
    expect(one.json().order.accounts[0].username).toBe(left!.username);
    const again = await buy(cookie, { productGroupId: group.id, quantity: 1, accountId: left!.id });
    expect(again.json().error.message).toBe('Account not found or no longer available');
    const missing = await buy(cookie, { productGroupId: crypto.randomUUID(), quantity: 1 });
    expect([missing.statusCode, missing.json().error.message]).toEqual([404, 'Product not found']);
    await db.update(productGroups).set({ isActive: false }).where(eq(productGroups.id, group.id));
    expect((await buy(cookie, { productGroupId: group.id, quantity: 1 })).statusCode).toBe(404);
    expect(await balanceOf(user.id)).toBe(100_000);
    expect(await balanceOf(poor.user.id)).toBe(50_000);
  });

  it('sells each of 50 accounts exactly once to 200 concurrent funded buyers; everyone else gets the out-of-stock message', async () => {
    const group = await insertGroupWithStock(db, { accounts: 50, priceKobo: 10_000 });
    const buyers = await Promise.all(Array.from({ length: 200 }, () => quickCustomer(db, 10_000)));
    const results = await Promise.all(
      buyers.map((b) => buy(b.cookie, { productGroupId: group.id, quantity: 1 })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(50);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    for (const r of results.filter((x) => x.statusCode !== 201))
      expect(r.json().error.message).toBe('Only 0 accounts available, but 1 requested');
    const sold = await db.execute<{ n: number }>(
      sql`select count(distinct order_id)::int as n from individual_accounts where product_group_id = ${group.id} and status = 'sold'`,
    );
    expect(sold.rows[0]!.n).toBe(50);
    expect(await stockOf(group.id)).toBe(0);
  }, 60_000);

  it('lets a customer with money for 5 win exactly 5 of 50 concurrent purchases, ending at ₦0', async () => {
    const group = await insertGroupWithStock(db, { accounts: 60, priceKobo: 20_000 });
    const { user, cookie } = await quickCustomer(db, 100_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => buy(cookie, { productGroupId: group.id, quantity: 1 })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(await balanceOf(user.id)).toBe(0);
  }, 60_000);

  it('answers 10 concurrent retries of one Idempotency-Key with one order and one debit', async () => {
    const group = await insertGroupWithStock(db, { accounts: 20, priceKobo: 10_000 });
    const { user, cookie } = await quickCustomer(db, 500_000);
    const key = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => buy(cookie, { productGroupId: group.id, quantity: 2 }, key)),
    );
    expect(new Set(results.map((r) => r.json().order.id)).size).toBe(1);
    expect(results.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(await balanceOf(user.id)).toBe(480_000);
    const mismatch = await buy(cookie, { productGroupId: group.id, quantity: 3 }, key);
    expect(mismatch.statusCode).toBe(409);
    const missingKey = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { productGroupId: group.id, quantity: 1 },
    });
    expect(missingKey.statusCode).toBe(400);
  });

  it('buys nothing with a session ended since this process remembered it: signed out here, or ended by another process', async () => {
    const group = await insertGroupWithStock(db, { accounts: 5, priceKobo: 10_000 });
    const signedOut = await quickCustomer(db, 100_000);
    const endedElsewhere = await quickCustomer(db, 100_000);
    // A first purchase each: the purchase route now remembers both sessions (sessions.ts).
    for (const { cookie } of [signedOut, endedElsewhere])
      expect((await buy(cookie, { productGroupId: group.id, quantity: 1 })).statusCode).toBe(201);

    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: signedOut.cookie, ...SAME_ORIGIN },
    });
    expect(logout.statusCode).toBe(200);
    // Another process signing the customer out everywhere (a password reset, say) deletes the rows.
    await db.delete(sessions).where(eq(sessions.userId, endedElsewhere.user.id));

    for (const { user, cookie } of [signedOut, endedElsewhere]) {
      const res = await buy(cookie, { productGroupId: group.id, quantity: 1 });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.message).toBe(AUTH_REQUIRED_MESSAGE);
      expect(await balanceOf(user.id)).toBe(90_000);
      const orders = await db.select().from(transactions).where(eq(transactions.userId, user.id));
      expect(orders.filter((t) => t.type === 'purchase')).toHaveLength(1);
    }
    expect(await stockOf(group.id)).toBe(3);
    // Every other route reads the session afresh: memory answers only the purchase, which checks it again.
    const me = await app.inject({ url: '/api/me', headers: { cookie: endedElsewhere.cookie } });
    expect(me.statusCode).toBe(401);
  });
});

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
