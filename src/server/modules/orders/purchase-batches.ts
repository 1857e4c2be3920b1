// Purchases that arrive while others are in flight go to PostgreSQL together, as one call of purchase_orders()
// (src/server/db/functions/41-purchase-orders.sql): one statement per step for all of them, which is where a
// purchase's CPU goes (docs/decisions/011-purchase-in-one-statement.md, "Batches"). A purchase that finds a free slot
// goes alone through purchase_order(), exactly as before, so a quiet shop sees no change; the queue forms only when
// the slots are busy, like a database's group commit.
//
// Correctness does not depend on the batch: purchase_orders() completes only the purchases that are plainly
// possible and answers 'deferred' for the rest, which then go through purchase_order() one by one, the one
// place that decides every refusal (and, after a batch that failed as a whole, every purchase of it). A purchase
// with a promo code goes into the batch too: purchase_orders() prices it with the same price_order(), locks each
// code's row once and hands out the code's uses left in the batch's order; any code it would refuse, and any
// purchase past the uses left, it defers (docs/decisions/027, "Batches").
import { createBatcher } from '../../db/batcher.ts';
import { queryPrepared, type Db } from '../../db/client.ts';
import type { PromoRefusal } from '../../../shared/promotions.ts';
import type { OrderAccountDetails } from './orders.tables.ts';

/** One purchase, as purchase_order() takes it. */
export type PurchaseCall = {
  userId: string;
  sessionTokenHash: string;
  idempotencyKey: string;
  requestHash: string;
  productGroupId: string;
  quantity: number;
  /** One named account: always alone (purchase_order() finds it by id). */
  accountId: string | null;
  secretKeyPattern: string;
  emailBody: string;
  /** A promo code (checked and counted by purchase_orders() as by purchase_order(): see the top). */
  promoCode: string | null;
};

export type PurchaseOutcomeCode =
  | 'completed'
  | 'unauthenticated'
  | 'replayed'
  | 'idempotency_mismatch'
  | 'not_found'
  | 'quantity_not_allowed'
  | 'out_of_stock'
  | 'insufficient_balance'
  | 'account_unavailable'
  | PromoRefusal;

/** purchase_order()'s answer row. */
export type PurchaseRow = {
  outcome: PurchaseOutcomeCode;
  order_id: string | null;
  balance_kobo: string;
  available: number;
  created_at: string | null;
  email: string | null;
  account_details: OrderAccountDetails | null;
  account_ids: string[] | null;
};

type BatchRow = Omit<PurchaseRow, 'outcome' | 'available'> & {
  request: number;
  outcome: 'completed' | 'deferred';
};

// Prepared once per connection (queryPrepared): these are the store's hottest statements.
const PURCHASE_ORDER = `select * from purchase_order($1::uuid, $2, $3, $4, $5::uuid, $6::int, $7::uuid, $8, $9, $10::text)`;
const PURCHASE_ORDERS = `select * from purchase_orders($1::uuid[], $2::text[], $3::text[], $4::text[], $5::uuid[], $6::int[], $7, $8, $9::text[])`;

/** What went which way since the process started (for the metrics and the tests). */
export type BatchStats = {
  /** purchase_order() calls: purchases alone, deferred ones and those of failed batches. */
  alone: number;
  /** purchase_orders() calls, and the purchases they completed and deferred. */
  batches: number;
  completedInBatches: number;
  /** Of those, the purchases with a promo code. */
  completedWithCodeInBatches: number;
  deferred: number;
  /** purchase_orders() calls that failed as a whole (their purchases then went alone). */
  failedBatches: number;
  /** Purchases queued now for a free slot (they will go together). */
  queued: number;
};

export type PurchaseBatcher = {
  purchase: (call: PurchaseCall) => Promise<PurchaseRow>;
  stats: () => BatchStats;
};

export type BatchOptions = {
  /** Purchase calls (alone or batched) in flight at once from this process: the rest wait and go together. */
  slots: number;
  /** At most this many purchases in one call. */
  maxBatch: number;
  /** A call still running after this long gives its slot to the next (it goes on; it just stops blocking). */
  holdMs: number;
};

// One slot: while one call runs, everything that arrives waits and goes next, together. On the bench's 2-core
// host one slot sold as many as two (1,822-2,028 purchases/s against 1,992-2,059) with a lower open-loop tail at
// half that rate (p99 73-88 ms against 114-143); each process has its own, so several processes run several
// (scripts/bench/PERFORMANCE-LOG.md, "Purchase (ADR 011)", "Session 17").
export const defaultBatchOptions: BatchOptions = { slots: 1, maxBatch: 64, holdMs: 1_000 };

export function purchaseBatcher(
  db: Db,
  options: BatchOptions = defaultBatchOptions,
): PurchaseBatcher {
  const stats: Omit<BatchStats, 'queued'> = {
    alone: 0,
    batches: 0,
    completedInBatches: 0,
    completedWithCodeInBatches: 0,
    deferred: 0,
    failedBatches: 0,
  };

  const alone = async (call: PurchaseCall): Promise<PurchaseRow> => {
    stats.alone++;
    const [row] = await queryPrepared<PurchaseRow>(db, 'purchase_order', PURCHASE_ORDER, [
      call.userId,
      call.sessionTokenHash,
      call.idempotencyKey,
      call.requestHash,
      call.productGroupId,
      call.quantity,
      call.accountId,
      call.secretKeyPattern,
      call.emailBody,
      call.promoCode,
    ]);
    if (!row) throw new Error('purchase_order() returned no row');
    return row;
  };

  /** A batch of more than one: completed ones answer from it, deferred ones (or all, if it failed) go alone. */
  const together = (batch: PurchaseCall[]): Array<Promise<PurchaseRow>> => {
    // All of one batch share the pattern and the e-mail body (the same constants for every purchase).
    const { secretKeyPattern, emailBody } = batch[0]!;
    stats.batches++;
    const rows = queryPrepared<BatchRow>(db, 'purchase_orders', PURCHASE_ORDERS, [
      batch.map((c) => c.userId),
      batch.map((c) => c.sessionTokenHash),
      batch.map((c) => c.idempotencyKey),
      batch.map((c) => c.requestHash),
      batch.map((c) => c.productGroupId),
      batch.map((c) => c.quantity),
      secretKeyPattern,
      emailBody,
      // NULL when no purchase of the batch has a code: purchase_orders() then skips the codes' steps.
      batch.some((c) => c.promoCode !== null) ? batch.map((c) => c.promoCode) : null,
    ]).then(
      (rows) => new Map(rows.map((r) => [r.request, r])),
      () => {
        // Nothing of the batch committed (or, if the connection broke at the commit, all of it did, and each
        // purchase's key then answers as a replay): each goes alone.
        stats.failedBatches++;
        return null;
      },
    );
    return batch.map(async (call, i): Promise<PurchaseRow> => {
      const byRequest = await rows;
      if (byRequest === null) return alone(call);
      const row = byRequest.get(i + 1);
      if (row?.outcome !== 'completed') {
        stats.deferred++;
        return alone(call);
      }
      stats.completedInBatches++;
      if (call.promoCode !== null) stats.completedWithCodeInBatches++;
      const { request: _request, ...rest } = row;
      return { ...rest, outcome: 'completed', available: 0 };
    });
  };

  // The slot is given back when the call ends, or after holdMs if it has not: a purchase waiting for a wallet row
  // held elsewhere (by itself, or after its batch gave up) goes on waiting, but no longer in front of everyone
  // else's. One purchase per buyer in a batch: a buyer's next one waits its turn.
  const batcher = createBatcher<PurchaseCall, PurchaseRow>({
    ...options,
    oneOf: (call) => call.userId,
    run: (batch) => (batch.length === 1 ? [alone(batch[0]!)] : together(batch)),
  });

  return {
    purchase(call) {
      // A named account: alone (purchase_order() finds it by id).
      if (call.accountId !== null) return alone(call);
      return batcher.call(call);
    },
    stats: () => ({ ...stats, queued: batcher.queued() }),
  };
}
