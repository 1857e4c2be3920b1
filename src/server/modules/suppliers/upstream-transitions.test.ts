// The state machine of a purchase from a supplier, and how a failed call to the supplier reads: every allowed move,
// and the rule that makes a refund safe (only when no order can exist under our key at the supplier).
import { describe, expect, it } from 'vitest';
import { SupplierHttpError } from './supplier-client.ts';
import { observeSupplierError } from './supplier-order-api.ts';
import { ALLOWED_MOVES, nextMove, retryDelayMs, type Observation } from './upstream-transitions.ts';

const account = {
  username: 'u',
  password: 'p',
  email: null,
  emailPassword: null,
  twoFaCode: null,
  additionalInfo: {},
};
const delivered: Observation = { kind: 'delivered', upstreamOrderId: 'o1', accounts: [account] };
const notSent: Observation = { kind: 'not_sent', message: 'connection refused' };
const unknown: Observation = { kind: 'unknown', message: 'timeout' };
const soldOut: Observation = { kind: 'refused', reason: 'out_of_stock', message: 'sold out' };

describe('the upstream purchase state machine', () => {
  it('never moves a delivered or refused purchase again', () => {
    for (const from of ['delivered', 'refused'] as const) {
      expect(ALLOWED_MOVES[from]).toEqual([]);
      for (const seen of [delivered, notSent, unknown, soldOut])
        expect(nextMove(from, seen, { attempt: 1, quantity: 1 })).toBeNull();
    }
  });

  it('delivers what the supplier delivered, and only the quantity bought', () => {
    expect(nextMove('pending', delivered, { attempt: 3, quantity: 1 })?.to).toBe('delivered');
    expect(nextMove('pending', delivered, { attempt: 1, quantity: 2 })).toMatchObject({
      to: 'pending',
      upstreamOrderId: 'o1',
    });
  });

  it('refunds a certain no at any attempt, and a no before the key only at the first', () => {
    expect(nextMove('pending', soldOut, { attempt: 4, quantity: 1 })?.to).toBe('refused');
    expect(nextMove('pending', notSent, { attempt: 1, quantity: 1 })?.to).toBe('refused');
    // An earlier attempt may have bought it: the supplier being down now proves nothing.
    expect(nextMove('pending', notSent, { attempt: 2, quantity: 1 })?.to).toBe('pending');
    expect(nextMove('pending', unknown, { attempt: 1, quantity: 1 })?.to).toBe('pending');
  });

  it('backs off from 2 seconds to at most 5 minutes', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([2000, 4000, 8000]);
    expect(retryDelayMs(50)).toBe(300_000);
  });
});

describe('a failed call to the supplier', () => {
  const http = (status: number, code?: string) => new SupplierHttpError(status, code, 'no');
  const fetchFailed = (code: string) =>
    new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });

  it('is a certain no when the supplier looked our key up and refused', () => {
    expect(observeSupplierError(http(409, 'OUT_OF_STOCK'))).toMatchObject({
      kind: 'refused',
      reason: 'out_of_stock',
    });
    expect(observeSupplierError(http(402, 'INSUFFICIENT_BALANCE'))).toMatchObject({
      kind: 'refused',
      reason: 'refused',
    });
  });

  it('is a no before the key when our key or body was refused, or nothing was listening', () => {
    expect(observeSupplierError(http(401, 'UNAUTHENTICATED')).kind).toBe('not_sent');
    expect(observeSupplierError(fetchFailed('ECONNREFUSED')).kind).toBe('not_sent');
  });

  it('is unknown for 5xx, 429, a key mismatch, a timeout or a cut connection', () => {
    for (const err of [
      http(500),
      http(503),
      http(429, 'RATE_LIMITED'),
      http(409, 'IDEMPOTENCY_MISMATCH'),
      new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      fetchFailed('UND_ERR_SOCKET'),
      fetchFailed('ECONNRESET'),
    ])
      expect(observeSupplierError(err).kind).toBe('unknown');
  });
});
