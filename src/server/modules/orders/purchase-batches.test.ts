// Purchases that arrive together go to PostgreSQL together (purchase-batches.ts, db/functions/41-purchase-orders.sql): every buyer gets
// the answer purchase_order() alone would give, with the same order, debit, ledger row, sold accounts, e-mail and
// stock change; nothing is sold twice, and a batch that fails as a whole loses nothing.
import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { AUTH_REQUIRED_MESSAGE } from '../../http/access.ts';
import { orderMessages } from '../../../shared/orders.ts';
import { sessions, users } from '../auth/auth.tables.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import { emailOutbox } from '../mail/mail.tables.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { transactions } from '../wallet/wallet.tables.ts';
import { orders } from './orders.tables.ts';
import { purchaseBatchesTestKit } from '../../test/kits/purchase-batches-kit.ts';

const { app, db, buy, balanceOf, stockOf, customers } = await purchaseBatchesTestKit();

describe('purchases that arrive together', () => {
  it('are completed together: each buyer gets their own accounts, debit, ledger row and e-mail, and the stock count follows', async () => {
    const group = await insertGroupWithStock(db, { accounts: 60, priceKobo: 250_000 });
    const buyers = await customers(40, 1_000_000);
    const before = app.purchases.batcher.stats();

    const answers = await Promise.all(
      buyers.map((b, i) => buy(b.cookie, { productGroupId: group.id, quantity: 1 + (i % 2) })),
    );

    const after = app.purchases.batcher.stats();
    expect(after.completedInBatches - before.completedInBatches).toBeGreaterThan(0);
    expect(after.failedBatches).toBe(before.failedBatches);
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode, res.body).toBe(201);
      const { order, balanceKobo } = res.json();
      const quantity = 1 + (i % 2);
      expect(order).toMatchObject({
        status: 'completed',
        quantity,
        amountKobo: 250_000 * quantity,
      });
      expect(order.accounts).toHaveLength(quantity);
      expect(balanceKobo).toBe(1_000_000 - 250_000 * quantity);
      expect(await balanceOf(buyers[i]!.user.id)).toBe(balanceKobo);
      // The answer is the order the history shows.
      const history = await app.inject({
        url: '/api/orders',
        headers: { cookie: buyers[i]!.cookie },
      });
      expect(history.json().orders).toEqual([order]);
      const ledger = await db.select().from(transactions).where(eq(transactions.orderId, order.id));
      expect(ledger).toEqual([
        expect.objectContaining({
          type: 'purchase',
          amountKobo: -250_000 * quantity,
          balanceAfterKobo: balanceKobo,
          reference: `ORD-${order.id.slice(0, 8).toUpperCase()}`,
        }),
      ]);
      const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id));
      expect(mails.map((m) => m.toAddress)).toEqual([buyers[i]!.user.email]);
    }
    // 60 sold in all (20 × 1 + 20 × 2), each to exactly one order, and the count says 0 left.
    const sold = await db
      .select()
      .from(stockAccounts)
      .where(eq(stockAccounts.productGroupId, group.id));
    expect(sold.filter((a) => a.status === 'sold')).toHaveLength(60);
    const orderIds = answers.map((r) => r.json().order.id as string);
    expect(new Set(sold.map((a) => a.orderId)).size).toBe(40);
    expect(sold.every((a) => orderIds.includes(a.orderId!))).toBe(true);
    await expect.poll(() => stockOf(group.id)).toBe(0);
  });

  it('give every refused buyer the answer a purchase alone gives, and complete the others', async () => {
    const group = await insertGroupWithStock(db, { accounts: 30, priceKobo: 100_000 });
    const inactive = await insertGroupWithStock(db, { accounts: 3 });
    await db
      .update(productGroups)
      .set({ isActive: false })
      .where(eq(productGroups.id, inactive.id));
    const free = await insertGroupWithStock(db, { accounts: 3, priceKobo: 0 });
    const fine = await customers(12, 500_000);
    const [poor, signedOut, replaying, mismatching, greedy, twice, freeBuyer, lost] =
      await customers(8, 500_000);
    await db.update(users).set({ walletBalanceKobo: 50_000 }).where(eq(users.id, poor!.user.id));
    await db.insert(transactions).values({
      userId: poor!.user.id,
      type: 'ADMIN_DEBIT',
      amountKobo: -450_000,
      balanceAfterKobo: 50_000,
      description: 'test: leave too little',
      reference: `ADJ-${crypto.randomUUID().slice(0, 8)}`,
      status: 'completed',
    });
    await db.delete(sessions).where(eq(sessions.userId, signedOut!.user.id));
    const usedKey = crypto.randomUUID();
    const first = await buy(replaying!.cookie, { productGroupId: group.id, quantity: 1 }, usedKey);
    expect(first.statusCode).toBe(201);
    const mismatchKey = crypto.randomUUID();
    expect(
      (await buy(mismatching!.cookie, { productGroupId: group.id, quantity: 1 }, mismatchKey))
        .statusCode,
    ).toBe(201);
    const before = app.purchases.batcher.stats();

    const [okAnswers, refusals] = await Promise.all([
      Promise.all(fine.map((b) => buy(b.cookie, { productGroupId: group.id, quantity: 1 }))),
      Promise.all([
        buy(poor!.cookie, { productGroupId: group.id, quantity: 1 }),
        buy(signedOut!.cookie, { productGroupId: group.id, quantity: 1 }),
        buy(replaying!.cookie, { productGroupId: group.id, quantity: 1 }, usedKey),
        buy(mismatching!.cookie, { productGroupId: group.id, quantity: 2 }, mismatchKey),
        buy(greedy!.cookie, { productGroupId: group.id, quantity: 50 }),
        buy(twice!.cookie, { productGroupId: group.id, quantity: 1 }),
        buy(twice!.cookie, { productGroupId: group.id, quantity: 1 }),
        buy(freeBuyer!.cookie, { productGroupId: free.id, quantity: 1 }),
        buy(lost!.cookie, { productGroupId: inactive.id, quantity: 1 }),
      ]),
    ]);

    const after = app.purchases.batcher.stats();
    expect(after.batches - before.batches).toBeGreaterThan(0);
    expect(after.deferred - before.deferred).toBeGreaterThan(0);
    expect(after.failedBatches).toBe(before.failedBatches);
    for (const res of okAnswers) expect(res.statusCode, res.body).toBe(201);
    const [
      poorAnswer,
      signedOutAnswer,
      replay,
      mismatch,
      greedyAnswer,
      twice1,
      twice2,
      freeAnswer,
      lostAnswer,
    ] = refusals;
    expect([poorAnswer!.statusCode, poorAnswer!.json().error.message]).toEqual([
      402,
      orderMessages.insufficientBalance,
    ]);
    expect([signedOutAnswer!.statusCode, signedOutAnswer!.json().error.message]).toEqual([
      401,
      AUTH_REQUIRED_MESSAGE,
    ]);
    expect(replay!.statusCode).toBe(200);
    expect(replay!.json().order.id).toBe(first.json().order.id);
    expect([mismatch!.statusCode, mismatch!.json().error.message]).toEqual([
      409,
      orderMessages.idempotencyMismatch,
    ]);
    expect(greedyAnswer!.statusCode).toBe(409);
    expect(greedyAnswer!.json().error.message).toMatch(
      /^Only \d+ accounts available, but 50 requested$/,
    );
    expect([twice1!.statusCode, twice2!.statusCode]).toEqual([201, 201]);
    expect(await balanceOf(twice!.user.id)).toBe(300_000);
    expect(freeAnswer!.statusCode, freeAnswer!.body).toBe(201);
    expect(await balanceOf(freeBuyer!.user.id)).toBe(500_000);
    expect(
      await db
        .select()
        .from(transactions)
        .where(eq(transactions.orderId, freeAnswer!.json().order.id)),
    ).toEqual([]);
    expect([lostAnswer!.statusCode, lostAnswer!.json().error.message]).toEqual([
      404,
      orderMessages.productNotFound,
    ]);
    // Refused buyers paid nothing and got nothing.
    for (const b of [poor, signedOut, greedy, lost]) {
      expect(await db.select().from(orders).where(eq(orders.userId, b!.user.id))).toEqual([]);
    }
    expect(await balanceOf(poor!.user.id)).toBe(50_000);
    expect(await balanceOf(greedy!.user.id)).toBe(500_000);
  });

  it('sell the last accounts once: buyers past the stock are told how many are left', async () => {
    const group = await insertGroupWithStock(db, { accounts: 7 });
    const buyers = await customers(20, 500_000);
    const before = app.purchases.batcher.stats();

    const answers = await Promise.all(
      buyers.map((b) => buy(b.cookie, { productGroupId: group.id, quantity: 1 })),
    );

    const after = app.purchases.batcher.stats();
    expect(after.deferred - before.deferred).toBeGreaterThan(0);
    expect(after.failedBatches).toBe(before.failedBatches);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(7);
    expect(codes.filter((c) => c === 409)).toHaveLength(13);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json().error.message).toBe(orderMessages.onlyAvailable(0, 1));
    const sold = await db
      .select()
      .from(stockAccounts)
      .where(eq(stockAccounts.productGroupId, group.id));
    expect(new Set(sold.map((a) => a.orderId)).size).toBe(7);
    const paid = await db
      .select()
      .from(users)
      .where(
        inArray(
          users.id,
          buyers.map((b) => b.user.id),
        ),
      );
    expect(paid.filter((u) => u.walletBalanceKobo === 400_000)).toHaveLength(7);
    expect(paid.filter((u) => u.walletBalanceKobo === 500_000)).toHaveLength(13);
    await expect.poll(() => stockOf(group.id)).toBe(0);
  });
});
