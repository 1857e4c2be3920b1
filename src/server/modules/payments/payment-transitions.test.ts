// The payment state machine as pure functions: every state against every kind of answer, before and after expiry.
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from '../../../shared/payments.ts';
import {
  ALLOWED_TRANSITIONS,
  LATE_SUCCESS_WINDOW_MS,
  lateCheckAt,
  nextStep,
  type Observation,
} from './payment-transitions.ts';

const observations: Observation[] = [
  { kind: 'paid' },
  { kind: 'declined', message: 'Payment failed.' },
  { kind: 'mismatch', message: 'Mismatch: amount' },
  { kind: 'pending', message: null },
  { kind: 'no-answer', message: 'timeout' },
];
const now = Date.now();
const times = [
  { now, expiresAt: now + 60_000 },
  { now, expiresAt: now - 60_000 },
];

describe('the payment state machine', () => {
  it('never moves a credited payment, whatever the provider says later', () => {
    for (const seen of observations)
      for (const t of times) expect(nextStep('completed', seen, t)).toBeNull();
    expect(ALLOWED_TRANSITIONS.completed).toEqual([]);
  });

  it('credits only on a matched success, from pending, failed and expired alike', () => {
    for (const from of PAYMENT_STATUSES.filter((s) => s !== 'completed')) {
      for (const seen of observations) {
        for (const t of times) {
          const step = nextStep(from, seen, t)!;
          expect(step.credit, `${from} + ${seen.kind}`).toBe(seen.kind === 'paid');
          expect(step.to === 'completed').toBe(seen.kind === 'paid');
          expect(ALLOWED_TRANSITIONS[from]).toContain(step.to);
        }
      }
    }
  });

  it('fails a pending payment on a decline or a mismatch, expires it only when its link is over, and never reopens one', () => {
    expect(nextStep('pending', observations[1]!, times[0]!)).toMatchObject({
      to: 'failed',
      message: 'Payment failed.',
    });
    expect(nextStep('pending', observations[2]!, times[1]!)).toMatchObject({
      to: 'failed',
      message: 'Mismatch: amount',
    });
    expect(nextStep('pending', observations[3]!, times[0]!)!.to).toBe('pending');
    expect(nextStep('pending', observations[4]!, times[1]!)!.to).toBe('expired');
    // A failed or expired payment stays as it is (keeping its message) until a success comes.
    expect(nextStep('failed', observations[3]!, times[0]!)).toEqual({
      to: 'failed',
      credit: false,
      message: undefined,
    });
    expect(nextStep('expired', observations[1]!, times[1]!)).toMatchObject({
      to: 'expired',
      credit: false,
    });
    for (const from of ['failed', 'expired'] as const)
      expect(ALLOWED_TRANSITIONS[from]).not.toContain('pending');
  });

  it('re-checks late payments between 10 minutes and 6 hours apart, never past the seven days', () => {
    const expiresAt = now - 3600_000;
    expect(lateCheckAt(now, expiresAt) - now).toBe(15 * 60_000);
    expect(lateCheckAt(now, now + 3600_000) - now).toBe(10 * 60_000);
    expect(lateCheckAt(now, now - 3 * 24 * 3600_000) - now).toBe(6 * 3600_000);
    expect(lateCheckAt(now, now - LATE_SUCCESS_WINDOW_MS + 60_000)).toBe(now + 60_000);
  });
});
