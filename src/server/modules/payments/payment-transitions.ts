// The top-up payment state machine: every allowed move between states, in one place, as pure functions.
// settle-payment.ts applies them under the payment row's lock; payment-transitions.test.ts and
// payment-state-machine.test.ts prove them (docs/GUARANTEES.md, "Payments").
import type { PaymentStatus } from '../../../shared/payments.ts';

/**
 * pending   → completed (credited), failed (declined or not matching), expired (checkout link over), pending.
 * failed    → completed: a late success (a bank transfer that completes after being reported failed).
 * expired   → completed: a late success after the checkout link's 90 minutes.
 * completed → nothing: a credited payment never goes back, whatever the provider says later.
 */
export const ALLOWED_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['pending', 'completed', 'failed', 'expired'],
  failed: ['failed', 'completed'],
  expired: ['expired', 'completed'],
  completed: [],
};

/** How long after its checkout link expired a failed or expired payment is still re-verified by the reconciler. */
export const LATE_SUCCESS_WINDOW_MS = 7 * 24 * 3600_000;

/** What one verification told us, already matched against our record (settle-payment.ts: matchAnswer). */
export type Observation =
  | { kind: 'paid' }
  | { kind: 'declined'; message: string }
  | { kind: 'mismatch'; message: string }
  | { kind: 'pending'; message: string | null }
  | { kind: 'no-answer'; message: string | null };

/** `message` undefined keeps the stored status message. */
export type Step = { to: PaymentStatus; credit: boolean; message?: string | null };

export const EXPIRED_MESSAGE = 'The checkout link expired before the payment was completed.';

/** The move one observation makes from `from`; null when nothing may change (a credited payment). */
export function nextStep(
  from: PaymentStatus,
  seen: Observation,
  { now, expiresAt }: { now: number; expiresAt: number },
): Step | null {
  if (from === 'completed') return null;
  let step: Step;
  if (seen.kind === 'paid') step = { to: 'completed', credit: true, message: null };
  else if (from !== 'pending')
    step = {
      to: from,
      credit: false,
      message: seen.kind === 'declined' || seen.kind === 'mismatch' ? seen.message : undefined,
    };
  else if (seen.kind === 'declined' || seen.kind === 'mismatch')
    step = { to: 'failed', credit: false, message: seen.message };
  else if (now >= expiresAt) step = { to: 'expired', credit: false, message: EXPIRED_MESSAGE };
  else step = { to: 'pending', credit: false, message: seen.message };
  assertAllowed(from, step.to);
  return step;
}

export function assertAllowed(from: PaymentStatus, to: PaymentStatus): void {
  if (!ALLOWED_TRANSITIONS[from].includes(to))
    throw new Error(`payment state machine: ${from} → ${to} is not allowed`);
}

/** A payment worth asking the provider about: not yet credited, and with a provider reference to ask with. */
export function canVerify(p: { status: PaymentStatus; providerReference: string | null }): boolean {
  return p.status !== 'completed' && p.providerReference !== null;
}

/** Re-check delays while pending: 30 s doubling to 10 min, until the checkout link's life is over. */
export function nextCheckDelayMs(attempts: number): number {
  return Math.min(10 * 60_000, 30_000 * 2 ** Math.max(0, attempts));
}

/**
 * The reconciler's slower schedule for failed and expired payments: a quarter of the time since the link
 * expired (at least 10 minutes, at most 6 hours), so a late bank transfer is seen within minutes at first
 * and the seven days cost about 45 verifications. The reconciler stops at the window's end (reconcile-payments.ts).
 */
export function lateCheckAt(now: number, expiresAt: number): number {
  const until = expiresAt + LATE_SUCCESS_WINDOW_MS;
  const delay = Math.min(6 * 3600_000, Math.max(10 * 60_000, (now - expiresAt) / 4));
  return Math.min(now + delay, until);
}
