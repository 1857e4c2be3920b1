// Verify-and-credit: the one path by which a top-up reaches a wallet. The redirect check, the customer's
// "Check again", the webhook, the reconciler and the admin's Re-check all call settlePayment; it asks the
// provider, matches the answer against our record, and applies the state machine (payment-transitions.ts)
// under the payment row's lock. The unique payment_id on the ledger makes the credit happen once at most. A
// referred customer's credit also rewards their referrer, in the same transaction (referrals/reward-referrer.ts).
import { and, count, eq } from 'drizzle-orm';
import type { PaymentMode, VerifySource } from '../../../shared/payments.ts';
import { PROVIDER_EXPLANATION_PREFIX } from '../../../shared/payments.ts';
import type { Db, Tx } from '../../db/client.ts';
import { postLedgerEntry } from '../wallet/post-ledger-entry.ts';
import type { ReferralTerms } from '../referrals/referral-terms.ts';
import { rewardReferrer } from '../referrals/reward-referrer.ts';
import {
  PaymentProviderError,
  type PaymentProvider,
  type VerifiedPayment,
} from './payment-provider.ts';
import {
  canVerify,
  lateCheckAt,
  nextCheckDelayMs,
  nextStep,
  type Observation,
  type Step,
} from './payment-transitions.ts';
import { payments, type ProviderAnswer } from './payments.tables.ts';
import { enqueueTopupReceipt } from './topup-receipt-email.ts';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.ts';

export { nextCheckDelayMs };

export type Payment = typeof payments.$inferSelect;
export type SettleOutcome = { payment: Payment; creditedNow: boolean };
type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type SettleDeps = {
  db: Db;
  provider: PaymentProvider;
  log: Log;
  paymentMode: PaymentMode;
  /** REFERRAL_PERCENT and REFERRAL_MAX_TOPUPS: what a credit earns the customer's referrer. */
  referralTerms: ReferralTerms;
  /** Called after a credit committed (the app wakes the mail worker for the receipt). */
  onCredited?: (payment: Payment) => void;
  /** Called when the provider did not answer or disagreed with our record (the metrics' failure counter). */
  onVerificationFailure?: (reason: 'no_answer' | 'mismatch') => void;
};
export type Settle = (paymentId: string, source: VerifySource) => Promise<SettleOutcome>;

/** Distinct answers kept per payment; a repeated answer only bumps the last one's count. */
const MAX_STORED_ANSWERS = 50;
const providerNames = { ercaspay: 'ErcasPay', sandbox: 'Sandbox' } as const;

export function createSettler(deps: SettleDeps): Settle {
  return (paymentId, source) => settlePayment(deps, paymentId, source);
}

export async function settlePayment(
  deps: SettleDeps,
  paymentId: string,
  source: VerifySource,
): Promise<SettleOutcome> {
  const { db, provider, log } = deps;
  const [current] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!current) throw new Error(`payment ${paymentId} not found`);
  if (!canVerify(current)) return { payment: current, creditedNow: false };

  // The provider is asked outside the transaction (no row lock held across the network).
  let verified: VerifiedPayment | null = null;
  let seen: Observation;
  let answer: unknown;
  try {
    verified = await provider.verify(current.providerReference!);
    seen = matchAnswer(current, verified, deps.paymentMode);
    answer = verified.raw;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const explanation = err instanceof PaymentProviderError ? err.explanation : undefined;
    seen = {
      kind: 'no-answer',
      message: explanation ? `${PROVIDER_EXPLANATION_PREFIX}${explanation}` : message,
    };
    answer =
      err instanceof PaymentProviderError && err.raw !== undefined ? err.raw : { error: message };
    log.warn(
      { paymentId, reference: current.reference, err: message },
      'payment: verification failed, will retry',
    );
  }
  if (seen.kind === 'no-answer') deps.onVerificationFailure?.('no_answer');
  if (seen.kind === 'mismatch') deps.onVerificationFailure?.('mismatch');
  const record: ProviderAnswer = {
    at: new Date().toISOString(),
    source,
    outcome: seen.kind,
    answer,
  };

  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    if (!locked) return { payment: current, creditedNow: false };
    const step = nextStep(locked.status, seen, {
      now: Date.now(),
      expiresAt: locked.expiresAt.getTime(),
    });
    if (!step) return { payment: locked, creditedNow: false };
    const providerAnswers = appendAnswer(locked.providerAnswers, record);
    if (step.credit) return credit(tx, deps, locked, verified!, providerAnswers);
    if (seen.kind === 'mismatch' && locked.status === 'pending') {
      log.error(
        { paymentId, reference: locked.reference, why: seen.message },
        'payment: verification does not match our record',
      );
    }
    return { payment: await move(tx, locked, step, providerAnswers), creditedNow: false };
  });
  if (outcome.creditedNow) deps.onCredited?.(outcome.payment);
  return outcome;
}

/** Paid only when the provider itself says SUCCESSFUL for our transaction, amount, currency, user and domain. */
export function matchAnswer(payment: Payment, v: VerifiedPayment, mode: PaymentMode): Observation {
  if (v.status === 'PENDING' || v.status === 'UNKNOWN')
    return { kind: 'pending', message: `Provider status ${v.rawStatus}` };
  if (v.status !== 'SUCCESSFUL')
    return {
      kind: 'declined',
      message: `Payment ${v.rawStatus.toLowerCase()}. Please try again or contact support.`,
    };
  const metaUser = v.metadata?.['user_id'] ?? v.metadata?.['userId'];
  const mismatch = (why: string): Observation => ({
    kind: 'mismatch',
    message: `Mismatch: ${why}`,
  });
  if (v.transactionReference !== payment.providerReference)
    return mismatch('provider reference does not match');
  if (v.paymentReference !== null && v.paymentReference !== payment.reference)
    return mismatch('payment reference does not match');
  if (v.amountKobo !== payment.amountKobo)
    return mismatch(`amount paid ${v.amountKobo} kobo, expected ${payment.amountKobo}`);
  if (v.currency === null) return mismatch('the answer names no currency');
  if (v.currency.toUpperCase() !== payment.currency)
    return mismatch(`currency ${v.currency}, expected ${payment.currency}`);
  if (metaUser !== undefined && metaUser !== null && String(metaUser) !== payment.userId)
    return mismatch('payment belongs to another user');
  if (v.domain === 'test' && mode !== 'test')
    return mismatch('a TEST-domain payment, and this store runs in live mode');
  return { kind: 'paid' };
}

async function credit(
  tx: Tx,
  { provider, referralTerms }: SettleDeps,
  payment: Payment,
  v: VerifiedPayment,
  providerAnswers: ProviderAnswer[],
): Promise<SettleOutcome> {
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
  const paidAt = v.paidAt ?? now;
  const [done] = await tx
    .update(payments)
    .set({
      status: 'completed',
      statusMessage: null,
      paidAt,
      completedAt: now,
      providerAnswers,
      checkAttempts: payment.checkAttempts + 1,
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id))
    .returning();
  await rewardReferrer(tx, payment, referralTerms, async () => {
    const [row] = await tx
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.userId, payment.userId), eq(payments.status, 'completed')));
    return row!.n;
  });
  await enqueueTopupReceipt(tx, {
    userId: payment.userId,
    paymentId: payment.id,
    reference: payment.reference,
    amountKobo: payment.amountKobo,
    balanceAfterKobo: posted.balanceAfterKobo,
    paidAt,
  });
  // The reseller's topup.credited webhook, queued with the credit (docs/decisions/024-signed-webhooks.md).
  await enqueueWebhookEvent(tx, {
    userId: payment.userId,
    type: 'topup.credited',
    subjectId: payment.id,
    at: now,
    data: {
      topup: {
        reference: done!.reference,
        amountKobo: done!.amountKobo,
        status: done!.status,
        createdAt: done!.createdAt.toISOString(),
        completedAt: now.toISOString(),
      },
      balanceKobo: posted.balanceAfterKobo,
    },
  });
  return { payment: done!, creditedNow: true };
}

async function move(
  tx: Tx,
  payment: Payment,
  step: Step,
  providerAnswers: ProviderAnswer[],
): Promise<Payment> {
  const now = Date.now();
  const expiresAt = payment.expiresAt.getTime();
  const nextCheckAt =
    step.to === 'pending'
      ? Math.min(now + nextCheckDelayMs(payment.checkAttempts), expiresAt)
      : lateCheckAt(now, expiresAt);
  const [row] = await tx
    .update(payments)
    .set({
      status: step.to,
      ...(step.message === undefined ? {} : { statusMessage: step.message }),
      checkAttempts: payment.checkAttempts + 1,
      nextCheckAt: new Date(nextCheckAt),
      providerAnswers,
      updatedAt: new Date(now),
    })
    .where(eq(payments.id, payment.id))
    .returning();
  return row!;
}

/** Every distinct answer is kept in order; the same answer again in a row is counted, not stored twice. */
function appendAnswer(stored: ProviderAnswer[], next: ProviderAnswer): ProviderAnswer[] {
  const last = stored.at(-1);
  if (last && last.outcome === next.outcome && sameJson(last.answer, next.answer)) {
    return [...stored.slice(0, -1), { ...last, times: (last.times ?? 1) + 1, lastAt: next.at }];
  }
  return [...stored, next].slice(-MAX_STORED_ANSWERS);
}

/** jsonb stores keys in its own order, so answers are compared with their keys sorted. */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([x], [y]) => (x < y ? -1 : 1))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
