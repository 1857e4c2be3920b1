import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickCustomer, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
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
import { purchaseTestKit } from '../../test/kits/purchase-kit.ts';

const { app, db, buy, balanceOf, stockOf } = await purchaseTestKit();

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
