// The purchase, top to bottom, in ONE database transaction (SPEC.md §7 "Purchase sequence", ARCHITECTURE.md
// §1): everything below commits together or not at all, so a crash can leave no debit without its order,
// no order without its debit, and no account half-sold. There is no 'reserved' state to clean up.
import crypto from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { orderMessages, orderReference, type PurchaseInput } from '../../../shared/orders.ts';
import { publicDetails } from '../../../shared/catalogue.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { SessionUser } from '../../http/access.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { categories, productGroups } from '../catalogue/catalogue.tables.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { postLedgerEntry } from '../wallet/post-ledger-entry.ts';
import { enqueueCredentialsEmail } from './credentials-email.ts';
import { orders } from './orders.tables.ts';

export type PurchaseRequest = { user: SessionUser; input: PurchaseInput; idempotencyKey: string };
export type PurchaseOutcome = { orderId: string; balanceKobo: number; replayed: boolean };

export function requestHash(input: PurchaseInput): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([input.productGroupId, input.quantity, input.accountId ?? null]))
    .digest('hex');
}

export async function purchase(
  db: Db,
  cipher: CredentialCipher,
  req: PurchaseRequest,
): Promise<PurchaseOutcome> {
  const { user, input, idempotencyKey } = req;
  const hash = requestHash(input);
  return db.transaction(async (tx) => {
    // 0. Idempotency: one purchase per (customer, key). Concurrent retries queue on this lock and then
    //    find the first one's order instead of buying again.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`${user.id}:${idempotencyKey}`}, 0))`,
    );
    const [earlier] = await tx
      .select({ id: orders.id, requestHash: orders.requestHash })
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, idempotencyKey)));
    if (earlier) {
      if (earlier.requestHash !== hash)
        throw conflict(orderMessages.idempotencyMismatch, 'IDEMPOTENCY_MISMATCH');
      return { orderId: earlier.id, balanceKobo: await balanceOf(tx, user.id), replayed: true };
    }

    // 1. Load the product group: active, in an active category.
    const [group] = await tx
      .select({
        id: productGroups.id,
        name: productGroups.name,
        priceKobo: productGroups.priceKobo,
        stockCount: productGroups.stockCount,
        category: categories.name,
      })
      .from(productGroups)
      .innerJoin(categories, eq(categories.id, productGroups.categoryId))
      .where(
        and(
          eq(productGroups.id, input.productGroupId),
          eq(productGroups.isActive, true),
          eq(categories.isActive, true),
        ),
      );
    if (!group) throw notFound(orderMessages.productNotFound);
    const amountKobo = group.priceKobo * input.quantity;
    // Fail fast before locking stock (quantity, then balance); the claim in step 2 and the conditional
    // debit in step 4 stay the real guards.
    if (!input.accountId && group.stockCount < input.quantity)
      throw conflict(orderMessages.onlyAvailable(group.stockCount, input.quantity), 'OUT_OF_STOCK');
    if ((await balanceOf(tx, user.id)) < amountKobo)
      throw new AppError('INSUFFICIENT_BALANCE', 402, orderMessages.insufficientBalance);

    // 2. Claim exactly the requested accounts. SKIP LOCKED: concurrent buyers take different rows
    //    instead of queueing behind each other; a row another buyer holds is simply not ours.
    const claimed = await claimAccounts(tx, group.id, input);
    if (claimed.length < input.quantity) {
      if (input.accountId) throw conflict(orderMessages.accountUnavailable, 'ACCOUNT_UNAVAILABLE');
      throw conflict(orderMessages.onlyAvailable(claimed.length, input.quantity), 'OUT_OF_STOCK');
    }

    // 3. The order, completed, with the public account details only (credentials stay on the accounts).
    const orderId = crypto.randomUUID();
    await tx.insert(orders).values({
      id: orderId,
      userId: user.id,
      productGroupId: group.id,
      quantity: input.quantity,
      amountKobo,
      status: 'completed',
      idempotencyKey,
      requestHash: hash,
      accountDetails: {
        product_name: group.name,
        category: group.category,
        quantity: input.quantity,
        price_per_unit_kobo: group.priceKobo,
        accounts: claimed.map((a) => ({
          username: a.username,
          email: a.email,
          additional_info: publicDetails(a.additionalInfo),
        })),
      },
    });

    // 4. Debit the wallet and write the purchase ledger row: a conditional update, never below zero.
    //    A free product (price 0) moves no money and writes no ledger row.
    let balanceKobo = await balanceOf(tx, user.id);
    if (amountKobo > 0) {
      const posted = await postLedgerEntry(tx, {
        userId: user.id,
        type: 'purchase',
        amountKobo: -amountKobo,
        description: `Purchase: ${input.quantity} × ${group.name}`,
        reference: orderReference(orderId),
        orderId,
      });
      if (!posted)
        throw new AppError('INSUFFICIENT_BALANCE', 402, orderMessages.insufficientBalance);
      balanceKobo = posted.balanceAfterKobo;
    }

    // 5. Mark the accounts sold to this order.
    await tx
      .update(stockAccounts)
      .set({ status: 'sold', orderId, soldAt: new Date() })
      .where(
        inArray(
          stockAccounts.id,
          claimed.map((a) => a.id),
        ),
      );

    // 6. Queue the credentials e-mail to the owner's address (delivered by the outbox worker; its
    //    failure never fails the purchase).
    await enqueueCredentialsEmail(tx, cipher, {
      orderId,
      to: user.email,
      userId: user.id,
      name: user.fullName,
    });

    // 7. Last, the group's stock_count: exactly `quantity` of its available accounts just became sold.
    //    Updating the group row locks it until commit, so it comes last to keep that lock short:
    //    every purchase of the group queues on it (the benchmark showed it as the bottleneck).
    await tx
      .update(productGroups)
      .set({
        stockCount: sql`${productGroups.stockCount} - ${input.quantity}`,
        updatedAt: new Date(),
      })
      .where(eq(productGroups.id, group.id));
    return { orderId, balanceKobo, replayed: false };
  });
}

async function claimAccounts(tx: Tx, groupId: string, input: PurchaseInput) {
  const base = tx
    .select({
      id: stockAccounts.id,
      username: stockAccounts.username,
      email: stockAccounts.email,
      additionalInfo: stockAccounts.additionalInfo,
    })
    .from(stockAccounts);
  if (input.accountId) {
    if (input.quantity !== 1)
      throw conflict(orderMessages.onlyAvailable(1, input.quantity), 'OUT_OF_STOCK');
    return base
      .where(
        and(
          eq(stockAccounts.id, input.accountId),
          eq(stockAccounts.productGroupId, groupId),
          eq(stockAccounts.status, 'available'),
        ),
      )
      .for('update', { skipLocked: true });
  }
  return base
    .where(and(eq(stockAccounts.productGroupId, groupId), eq(stockAccounts.status, 'available')))
    .orderBy(asc(stockAccounts.createdAt), asc(stockAccounts.id))
    .limit(input.quantity)
    .for('update', { skipLocked: true });
}

async function balanceOf(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .execute<{ b: number }>(sql`select wallet_balance_kobo as b from users where id = ${userId}`)
    .then((r) => r.rows);
  return Number(row?.b ?? 0);
}
