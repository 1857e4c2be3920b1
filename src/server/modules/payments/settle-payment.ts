// Verify-and-credit: the one path by which a top-up reaches a wallet. The redirect check, the webhook,
// the reconciler and the admin's Re-check all call settlePayment; the payment row lock and the unique
// payment_id on the ledger make the credit happen exactly once, whoever wins the race.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { postLedgerEntry } from '../wallet/post-ledger-entry.ts';
import type { PaymentProvider, VerifiedPayment } from './payment-provider.ts';
import { payments } from './payments.tables.ts';

export type Payment = typeof payments.$inferSelect;
export type SettleOutcome = { payment: Payment; creditedNow: boolean };
type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

const providerNames = { ercaspay: 'ErcasPay', sandbox: 'Sandbox' } as const;

/** Re-check delays: 30 s doubling to 10 min, until the checkout link's life is over. */
export function nextCheckDelayMs(attempts: number): number {
  return Math.min(10 * 60_000, 30_000 * 2 ** Math.max(0, attempts));
}

/** reopen (the admin's Re-check): a failed or expired payment that the provider now reports paid is credited. */
export async function settlePayment(
  db: Db,
  provider: PaymentProvider,
  log: Log,
  paymentId: string,
  { reopen = false }: { reopen?: boolean } = {},
): Promise<SettleOutcome> {
  const isOpen = (p: Payment) => p.status === 'pending' || (reopen && (p.status === 'failed' || p.status === 'expired'));
  const [current] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!current) throw new Error(`payment ${paymentId} not found`);
  if (!isOpen(current)) return { payment: current, creditedNow: false };

  let verified: VerifiedPayment | null = null;
  let verifyError: string | null = null;
  if (current.providerReference) {
    try {
      verified = await provider.verify(current.providerReference);
    } catch (err) {
      verifyError = err instanceof Error ? err.message : String(err);
      log.warn({ paymentId, reference: current.reference, err: verifyError }, 'payment: verification failed, will retry');
    }
  }

  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!locked || !isOpen(locked)) return { payment: locked ?? current, creditedNow: false };
    const decision = verified ? decide(locked, verified) : ({ kind: 'pending', message: verifyError } as const);
    if (decision.kind === 'credit') return credit(tx, provider, locked, verified!);
    if (locked.status !== 'pending') return { payment: locked, creditedNow: false };
    if (decision.kind === 'mismatch') log.error({ paymentId, reference: locked.reference, why: decision.message }, 'payment: verification does not match our record');
    if (decision.kind === 'pending') return { payment: await keepPending(tx, locked, decision.message), creditedNow: false };
    return { payment: await finish(tx, locked.id, { status: 'failed', statusMessage: decision.message }), creditedNow: false };
  });
}

type Decision = { kind: 'credit' } | { kind: 'pending' | 'failed' | 'mismatch'; message: string | null };

/** Paid only when the provider itself says SUCCESSFUL for our reference, amount, currency and user. */
function decide(payment: Payment, v: VerifiedPayment): Decision {
  if (v.status === 'PENDING' || v.status === 'UNKNOWN') return { kind: 'pending', message: `Provider status ${v.rawStatus}` };
  if (v.status !== 'SUCCESSFUL') return { kind: 'failed', message: `Payment ${v.rawStatus.toLowerCase()}. Please try again or contact support.` };
  const metaUser = v.metadata?.['user_id'] ?? v.metadata?.['userId'];
  if (v.transactionReference !== payment.providerReference) return { kind: 'mismatch', message: 'Mismatch: provider reference does not match' };
  if (v.paymentReference !== null && v.paymentReference !== payment.reference) return { kind: 'mismatch', message: 'Mismatch: payment reference does not match' };
  if (v.amountKobo !== payment.amountKobo) return { kind: 'mismatch', message: `Mismatch: amount paid ${v.amountKobo} kobo, expected ${payment.amountKobo}` };
  if (v.currency.toUpperCase() !== payment.currency) return { kind: 'mismatch', message: `Mismatch: currency ${v.currency}, expected ${payment.currency}` };
  if (metaUser !== undefined && metaUser !== null && String(metaUser) !== payment.userId) return { kind: 'mismatch', message: 'Mismatch: payment belongs to another user' };
  return { kind: 'credit' };
}

async function credit(tx: Tx, provider: PaymentProvider, payment: Payment, v: VerifiedPayment): Promise<SettleOutcome> {
  const posted = await postLedgerEntry(tx, {
    userId: payment.userId,
    type: 'topup',
    amountKobo: payment.amountKobo,
    description: `Wallet top-up via ${providerNames[provider.name]}`,
    reference: payment.reference,
    paymentId: payment.id,
    ercasReference: v.transactionReference,
  });
  if (!posted) throw new Error('a credit cannot be refused');
  const now = new Date();
  const done = await finish(tx, payment.id, { status: 'completed', statusMessage: null, paidAt: v.paidAt ?? now, completedAt: now });
  return { payment: done, creditedNow: true };
}

async function keepPending(tx: Tx, payment: Payment, message: string | null): Promise<Payment> {
  const now = Date.now();
  if (now >= payment.expiresAt.getTime()) {
    return finish(tx, payment.id, { status: 'expired', statusMessage: 'The checkout link expired before the payment was completed.' });
  }
  const next = Math.min(now + nextCheckDelayMs(payment.checkAttempts), payment.expiresAt.getTime());
  const [row] = await tx
    .update(payments)
    .set({ checkAttempts: payment.checkAttempts + 1, nextCheckAt: new Date(next), statusMessage: message, updatedAt: new Date() })
    .where(eq(payments.id, payment.id))
    .returning();
  return row!;
}

async function finish(tx: Tx, id: string, changes: Partial<Payment>): Promise<Payment> {
  const [row] = await tx.update(payments).set({ ...changes, updatedAt: new Date() }).where(eq(payments.id, id)).returning();
  return row!;
}
