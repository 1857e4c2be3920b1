// The state machine of a purchase from a supplier (upstream_purchases.status), every allowed move in one place, as
// pure functions: settle-upstream-purchase.ts applies them under the row's lock (docs/decisions/034).
import type { UpstreamPurchaseStatus } from '../../../shared/suppliers.ts';

/**
 * pending   → delivered (the supplier's credentials sealed on our order), refused (a certain no: refunded),
 *             pending (the answer is unknown: asked again under the same Idempotency-Key later).
 * delivered → nothing: the customer has the accounts and the supplier was paid.
 * refused   → nothing: the customer has the money back; the key is never sent again.
 */
export const ALLOWED_MOVES: Readonly<
  Record<UpstreamPurchaseStatus, readonly UpstreamPurchaseStatus[]>
> = {
  pending: ['pending', 'delivered', 'refused'],
  delivered: [],
  refused: [],
};

/** The order status that goes with each purchase status (check-ledger.ts holds the pair). */
export const ORDER_STATUS_OF = {
  pending: 'processing',
  delivered: 'completed',
  refused: 'failed',
} as const;

/** Why the supplier said no, as our customer reads it (supplierMessages) and the order keeps it. */
export type RefusalReason = 'out_of_stock' | 'refused';

/** What one attempt learned (attempt-upstream-purchase.ts reads the supplier's answer into one of these). */
/** One account as the supplier's credentials answer gives it (GET /api/v1/orders/{id}/credentials). */
export type UpstreamAccount = {
  username: string;
  password: string;
  email: string | null;
  emailPassword: string | null;
  twoFaCode: string | null;
  additionalInfo: Record<string, string | number | boolean>;
};

export type Observation =
  | { kind: 'delivered'; upstreamOrderId: string; accounts: UpstreamAccount[] }
  /** The supplier looked the key up, found no order, and said no: certain at any attempt. */
  | { kind: 'refused'; reason: RefusalReason; message: string; upstreamOrderId?: string }
  /**
   * A no that comes before the supplier reads the key (our key refused, the connection refused, a body it would
   * not read): certain only when no earlier attempt may have reached it.
   */
  | { kind: 'not_sent'; message: string }
  /** Timeout, cut connection, 5xx, 429, an answer we cannot read, an order still processing there. */
  | { kind: 'unknown'; message: string; upstreamOrderId?: string };

export type Move =
  | { to: 'delivered'; upstreamOrderId: string; accounts: UpstreamAccount[] }
  | { to: 'refused'; reason: RefusalReason; message: string }
  | { to: 'pending'; message: string; upstreamOrderId?: string };

/**
 * The move an observation makes at attempt number `attempt` (1 = the first time the key was sent; the count is
 * committed before each request, so a crash mid-request still counts it) of a purchase of `quantity` accounts.
 * null: nothing may change.
 */
export function nextMove(
  from: UpstreamPurchaseStatus,
  seen: Observation,
  { attempt, quantity }: { attempt: number; quantity: number },
): Move | null {
  if (from !== 'pending') return null;
  let move: Move;
  if (seen.kind === 'delivered' && seen.accounts.length !== quantity)
    // Paid there, but not what we bought: kept pending (and asked again) for the owner to see, never refunded.
    move = {
      to: 'pending',
      message: `The supplier delivered ${seen.accounts.length} of ${quantity} accounts.`,
      upstreamOrderId: seen.upstreamOrderId,
    };
  else if (seen.kind === 'delivered')
    move = { to: 'delivered', upstreamOrderId: seen.upstreamOrderId, accounts: seen.accounts };
  else if (seen.kind === 'refused')
    move = { to: 'refused', reason: seen.reason, message: seen.message };
  else if (seen.kind === 'not_sent' && attempt <= 1)
    move = { to: 'refused', reason: 'refused', message: seen.message };
  else
    move = {
      to: 'pending',
      message: seen.message,
      upstreamOrderId: seen.kind === 'unknown' ? seen.upstreamOrderId : undefined,
    };
  assertAllowed(from, move.to);
  return move;
}

export function assertAllowed(from: UpstreamPurchaseStatus, to: UpstreamPurchaseStatus): void {
  if (!ALLOWED_MOVES[from].includes(to))
    throw new Error(`upstream purchase: ${from} → ${to} is not allowed`);
}

/** Backoff between attempts whose answer is unknown: 2 s, 4 s, 8 s … capped at 5 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
}
