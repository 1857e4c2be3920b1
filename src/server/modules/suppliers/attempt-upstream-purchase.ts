// One attempt of a purchase from a supplier: count it (committed before the request, so a crash mid-request still
// counts it), send POST /api/v1/orders with the purchase's one Idempotency-Key, fetch the order's credentials, and
// hand what was learned to the state machine (settle-upstream-purchase.ts). The first attempt runs while our
// customer waits (supplier-purchases.ts); the others come from the retry queue (retry-upstream-purchases.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { openSupplierClient } from './open-supplier-client.ts';
import { settleUpstreamPurchase, type UpstreamRow } from './settle-upstream-purchase.ts';
import { observeSupplierError, type SupplierOrderApi } from './supplier-order-api.ts';
import type { Observation } from './upstream-transitions.ts';

export type AttemptDeps = {
  db: Db;
  cipher: CredentialCipher;
  /** The supplier's client with its key opened (open-supplier-client.ts). */
  clientFor: (supplierId: string) => Promise<SupplierOrderApi>;
  /**
   * How long an attempt holds its row before another process (or this one, restarted) may try again: longer than
   * the attempt's two calls (a second attempt meanwhile would be harmless, the key makes it the same order, but
   * wasteful).
   */
  leaseMs: number;
  log: { warn: (obj: object, msg: string) => void };
};

/** The attempts of a process whose calls to suppliers may each take `timeoutMs` (SUPPLIER_TIMEOUT_MS). */
export function upstreamAttempts(
  db: Db,
  cipher: CredentialCipher,
  timeoutMs: number,
  log: AttemptDeps['log'],
): AttemptDeps {
  return {
    db,
    cipher,
    clientFor: openSupplierClient(db, cipher, { timeoutMs }),
    leaseMs: 2 * timeoutMs + 5000,
    log,
  };
}

type Claimed = {
  id: string;
  supplier_id: string;
  upstream_product_id: string;
  quantity: number;
  idempotency_key: string;
  attempts: number;
};

/** Returns the purchase's status after the attempt; null when it was not due or another attempt holds it. */
export async function attemptUpstreamPurchase(
  deps: AttemptDeps,
  purchaseId: string,
): Promise<UpstreamRow['status'] | null> {
  const [row] = (
    await deps.db.execute(sql`update upstream_purchases
                                 set attempts = attempts + 1,
                                     next_attempt_at = now() + ${deps.leaseMs} * interval '1 millisecond'
                               where id = ${purchaseId} and status = 'pending' and next_attempt_at <= now()
                           returning id, supplier_id, upstream_product_id, quantity, idempotency_key, attempts`)
  ).rows as Claimed[];
  if (!row) return null;
  const seen = await observe(deps, row);
  if (seen.kind !== 'delivered' && seen.kind !== 'refused')
    deps.log.warn(
      { upstreamPurchaseId: row.id, attempt: row.attempts, why: seen.message },
      'supplier purchase: answer not known yet, will retry under the same key',
    );
  return settleUpstreamPurchase(deps.db, deps.cipher, row.id, seen, row.attempts);
}

async function observe(deps: AttemptDeps, row: Claimed): Promise<Observation> {
  let api: SupplierOrderApi;
  try {
    api = await deps.clientFor(row.supplier_id);
  } catch (err) {
    return { kind: 'unknown', message: `The supplier's client could not be made: ${String(err)}` };
  }
  let order;
  try {
    ({ order } = await api.buy(row.idempotency_key, {
      productGroupId: row.upstream_product_id,
      quantity: row.quantity,
    }));
  } catch (err) {
    return observeSupplierError(err);
  }
  // The supplier may itself resell (its order processing, or failed and refunded to us).
  if (order.status === 'failed')
    return {
      kind: 'refused',
      reason: 'refused',
      message: 'The supplier could not fulfil the order and refunded it.',
      upstreamOrderId: order.id,
    };
  if (order.status !== 'completed')
    return {
      kind: 'unknown',
      message: `The supplier's order is ${order.status}.`,
      upstreamOrderId: order.id,
    };
  try {
    const { accounts } = await api.credentials(order.id);
    return { kind: 'delivered', upstreamOrderId: order.id, accounts };
  } catch (err) {
    const seen = observeSupplierError(err);
    // Bought there: whatever this error says, only the credentials are missing, so it is asked again.
    return { kind: 'unknown', message: seen.message, upstreamOrderId: order.id };
  }
}
