// Starting a top-up: a pending payment row with our own reference first, then the provider's checkout.
// If the provider call fails the row is marked failed, so nothing is left half-started.
import crypto from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { koboToNaira } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import {
  TOPUP_LIMITS,
  providerCustomerName,
  walletMessages,
  type StartTopupResult,
} from '../../../shared/wallet.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { consumeLimit } from '../../http/rate-limit.ts';
import { PaymentProviderError, type PaymentProvider } from './payment-provider.ts';
import { payments } from './payments.tables.ts';

/** ErcasPay checkout links live 90 minutes; after that a payment can no longer succeed. */
export const CHECKOUT_LIFETIME_MS = 90 * 60_000;
const FIRST_CHECK_MS = 60_000;

export function newPaymentReference(): string {
  return `ACCTSTORE_${Date.now()}_${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
}

export async function startTopup(
  db: Db,
  provider: PaymentProvider,
  publicUrl: string,
  user: SessionUser,
  amountKobo: number,
): Promise<StartTopupResult> {
  // Each start calls ErcasPay: a few per customer, counted whether or not the provider answers.
  await consumeLimit(
    db,
    {
      bucket: `topup-start:user:${user.id}`,
      max: TOPUP_LIMITS.startsPerWindow,
      windowMs: TOPUP_LIMITS.startWindowMinutes * 60_000,
    },
    walletMessages.tooManyStarts,
  );
  const reference = newPaymentReference();
  const now = Date.now();
  const payment = await insertPendingPayment(db, {
    userId: user.id,
    reference,
    provider: provider.name,
    amountKobo,
    expiresAt: new Date(now + CHECKOUT_LIFETIME_MS),
    nextCheckAt: new Date(now + FIRST_CHECK_MS),
  });
  const fail = async (message: string, statusMessage: string) => {
    await db
      .update(payments)
      .set({ status: 'failed', statusMessage, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    return new AppError('PAYMENT_INIT_FAILED', 502, message);
  };

  let checkout;
  try {
    checkout = await provider.initiate({
      amountKobo,
      paymentReference: reference,
      customerName: providerCustomerName(user.fullName),
      customerEmail: user.email,
      redirectUrl: `${publicUrl}${paths.paymentCallback}`,
      description: 'Wallet Top-up',
      metadata: {
        user_id: user.id,
        userId: user.id,
        type: 'wallet_topup',
        // The metadata is ErcasPay's to show on its dashboard, in its currency unit (naira).
        originalAmount: koboToNaira(amountKobo),
        source: 'acctstore',
      },
    });
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw await fail(shownToCustomer(err) ?? walletMessages.providerInitFailed, detail);
  }
  if (!/^https?:\/\//i.test(checkout.checkoutUrl))
    throw await fail(walletMessages.invalidPaymentUrl, 'checkout URL is not http(s)');

  await db
    .update(payments)
    .set({
      providerReference: checkout.transactionReference,
      checkoutUrl: checkout.checkoutUrl,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, payment.id));
  return { reference, checkoutUrl: checkout.checkoutUrl, amountKobo };
}

/** The new payment row, unless the customer already has TOPUP_LIMITS.maxPending top-ups waiting for payment. */
async function insertPendingPayment(
  db: Db,
  values: typeof payments.$inferInsert & { userId: string },
) {
  return db.transaction(async (tx) => {
    // One start per customer at a time, so that a burst cannot pass the count of waiting payments.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`topup:${values.userId}`}, 0))`,
    );
    const [waiting] = await tx
      .select({ n: count() })
      .from(payments)
      .where(
        and(
          eq(payments.userId, values.userId),
          eq(payments.status, 'pending'),
          gt(payments.expiresAt, new Date()),
        ),
      );
    if ((waiting?.n ?? 0) >= TOPUP_LIMITS.maxPending)
      throw new AppError('TOO_MANY_PENDING_TOPUPS', 429, walletMessages.tooManyPending);
    const [row] = await tx.insert(payments).values(values).returning({ id: payments.id });
    return row!;
  });
}

/**
 * ErcasPay's own words when they are about this request (a refusal, a 4xx with its `explanation`); never those of a
 * 401/403, which are about the shop's key and mean nothing to the customer.
 */
function shownToCustomer(err: unknown): string | null {
  if (!(err instanceof PaymentProviderError)) return null;
  if (err.code === 'REJECTED') return err.explanation ?? err.message;
  const status = err.status ?? 0;
  if (err.code === 'HTTP' && status >= 400 && status < 500 && status !== 401 && status !== 403)
    return err.explanation ?? null;
  return null;
}
