// The purchase, top to bottom, in ONE database transaction (SPEC.md §7 "Purchase sequence", ARCHITECTURE.md
// §1): everything commits together or not at all, so a crash can leave no debit without its order, no order
// without its debit, and no account half-sold. There is no 'reserved' state to clean up.
// The sequence runs inside PostgreSQL as one call of purchase_order() (src/server/db/functions/40-purchase-order.sql,
// numbered steps there), or, for purchases that arrive together, of purchase_orders() (41-purchase-orders.sql,
// purchase-batches.ts):
// one round trip, no transaction left idle waiting for this process, no group row locked (see
// docs/decisions/011-purchase-in-one-statement.md for the measurements that chose it).
import crypto from 'node:crypto';
import { SECRET_KEY } from '../../../shared/catalogue.ts';
import {
  orderMessages,
  type CustomerOrder,
  type OrderAccount,
  type PurchaseInput,
} from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { readOrderQuantityLimits } from '../catalogue/read-order-quantity-limits.ts';
import { promoRefusal } from '../promotions/promo-refusal.ts';
import { AUTH_REQUIRED_MESSAGE, type SessionUser } from '../../http/access.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { stockCountRefresher, type StockCountRefresher } from '../stock/stock-count.ts';
import { orderWarrantyEnd } from './read-orders.ts';
import { warrantyEnd } from './warranty.ts';
import { CREDENTIALS_EMAIL_PLACEHOLDER } from './credentials-email.ts';
import {
  purchaseBatcher,
  type BatchOptions,
  type PurchaseBatcher,
  type PurchaseCall,
  type PurchaseOutcomeCode,
  type PurchaseRow,
} from './purchase-batches.ts';

export type PurchaseRequest = {
  user: SessionUser;
  /** The buyer's session, checked again inside the purchase (step 1): the route may have answered from memory. */
  sessionTokenHash: string;
  input: PurchaseInput;
  idempotencyKey: string;
  /** For the new order's report windows in the answer. */
  warrantyHours?: number;
};
/** A new order comes with its answer (built from what the purchase returned); a replay has none. */
export type PurchaseOutcome = {
  orderId: string;
  balanceKobo: number;
  replayed: boolean;
  order?: CustomerOrder;
};

/**
 * A group sold from a supplier's stock (issue 54): it has no accounts of ours, so purchase_order() answers
 * out_of_stock, and the purchase asks this port, which the suppliers module implements (suppliers/supplier-purchases.ts)
 * and the app hands in: orders never imports suppliers. 'supplier_order': our customer was debited and the order is
 * `processing`, `completed` or `failed` (refunded) by the time it answers (docs/decisions/034).
 */
export type SupplierPurchaseRow = {
  outcome: PurchaseOutcomeCode | 'supplier_order';
  order_id: string | null;
  balance_kobo: string;
  available: number;
};
/** null: the group is not a supplier's (purchase_order()'s answer stands). */
export type SupplierPurchases = (call: PurchaseCall) => Promise<SupplierPurchaseRow | null>;

/**
 * The long-lived parts every purchase of this process goes through: the batcher (purchases that arrive together go
 * to PostgreSQL together), the stock-count refresher (one fold for the purchases of a group waiting for it) and,
 * when the app has suppliers, their purchase. Made once by buildApp (app.ts) and passed in; `batcher.stats()` says
 * how purchases went (metrics, tests).
 */
export type PurchaseLine = {
  batcher: PurchaseBatcher;
  refresher: StockCountRefresher;
  suppliers?: SupplierPurchases;
};

export function purchaseLine(
  db: Db,
  options?: BatchOptions,
  suppliers?: SupplierPurchases,
): PurchaseLine {
  return { batcher: purchaseBatcher(db, options), refresher: stockCountRefresher(db), suppliers };
}

export function requestHash(input: PurchaseInput): string {
  return crypto
    .createHash('sha256')
    .update(
      // Without a code, the same text as before codes existed: a retry across the upgrade still matches its key.
      JSON.stringify(
        input.promoCode
          ? [input.productGroupId, input.quantity, input.accountId ?? null, input.promoCode]
          : [input.productGroupId, input.quantity, input.accountId ?? null],
      ),
    )
    .digest('hex');
}

export async function purchase(
  db: Db,
  line: PurchaseLine,
  req: PurchaseRequest,
): Promise<PurchaseOutcome> {
  const { user, input, idempotencyKey } = req;
  // 1–10. The whole sequence, in one call and one transaction (autocommit: the call is the transaction):
  //   the session still open and the wallet row locked (this customer's purchases and retries of one key run
  //   one at a time), idempotency (the first order of a key answers its retries), group, balance, claim with
  //   SKIP LOCKED, order, debit and ledger row, accounts sold, the credentials e-mail queued, the stock change
  //   appended.
  //   When other purchases are in flight, this one may go to PostgreSQL together with those waiting beside it,
  //   in one transaction of purchase_orders() (purchase-batches.ts); the steps and the answer are the same.
  const call: PurchaseCall = {
    userId: user.id,
    sessionTokenHash: req.sessionTokenHash,
    idempotencyKey,
    requestHash: requestHash(input),
    productGroupId: input.productGroupId,
    quantity: input.quantity,
    accountId: input.accountId ?? null,
    secretKeyPattern: SECRET_KEY.source,
    emailBody: CREDENTIALS_EMAIL_PLACEHOLDER,
    promoCode: input.promoCode ?? null,
  };
  let row: PurchaseRow | SupplierPurchaseRow = await line.batcher.purchase(call);
  // A supplier's group has no accounts here: its purchase is the supplier's (the port above).
  if (row.outcome === 'out_of_stock' && line.suppliers) row = (await line.suppliers(call)) ?? row;
  const balanceKobo = Number(row.balance_kobo);
  switch (row.outcome) {
    case 'unauthenticated':
      throw new AppError('UNAUTHENTICATED', 401, AUTH_REQUIRED_MESSAGE);
    case 'idempotency_mismatch':
      throw conflict(orderMessages.idempotencyMismatch, 'IDEMPOTENCY_MISMATCH');
    case 'not_found':
      throw notFound(orderMessages.productNotFound);
    case 'quantity_not_allowed':
      throw new AppError(
        'QUANTITY_NOT_ALLOWED',
        400,
        orderMessages.quantityLimits(await readOrderQuantityLimits(db, input.productGroupId)),
      );
    case 'out_of_stock':
      throw conflict(orderMessages.onlyAvailable(row.available, input.quantity), 'OUT_OF_STOCK');
    case 'insufficient_balance':
      throw new AppError('INSUFFICIENT_BALANCE', 402, orderMessages.insufficientBalance);
    case 'account_unavailable':
      throw conflict(orderMessages.accountUnavailable, 'ACCOUNT_UNAVAILABLE');
    case 'promo_unknown':
    case 'promo_not_started':
    case 'promo_expired':
    case 'promo_used_up':
    case 'promo_customer_limit':
    case 'promo_minimum_not_met':
    case 'promo_not_applicable':
      throw await promoRefusal(db, row.outcome, input.promoCode ?? '');
    case 'replayed':
      return { orderId: row.order_id!, balanceKobo, replayed: true };
    case 'supplier_order':
      return { orderId: row.order_id!, balanceKobo, replayed: false };
    case 'completed':
      break;
  }

  // 11. After commit: fold the group's committed purchases into stock_count (batched with every other
  //     purchase of the group waiting for it), so the catalogue and the low-stock alert see this sale before
  //     we answer. A failure here never fails the purchase: the delta stays pending, and the next refresh of
  //     the group, or the scheduled sweep, folds it.
  await line.refresher.refresh(input.productGroupId).catch(() => {});
  return {
    orderId: row.order_id!,
    balanceKobo,
    replayed: false,
    order: newOrder(row as PurchaseRow, input.productGroupId, req.warrantyHours ?? 0),
  };
}

/** The new order as the customer's history (read-orders.ts) shows it: nothing reported, e-mail queued. */
function newOrder(row: PurchaseRow, productGroupId: string, warrantyHours: number): CustomerOrder {
  const details = row.account_details!;
  const createdAt = new Date(row.created_at!);
  const reportableUntil = warrantyEnd(createdAt, warrantyHours).toISOString();
  const items = details.accounts.map((a, i) => ({
    accountId: row.account_ids![i]!,
    username: a.username,
    email: a.email,
    status: 'sold' as const,
    reportableUntil,
    report: null,
  }));
  return {
    id: row.order_id!,
    productGroupId,
    productName: details.product_name,
    category: details.category,
    quantity: details.quantity,
    pricePerUnitKobo: details.price_per_unit_kobo,
    listAmountKobo:
      (details.list_price_per_unit_kobo ?? details.price_per_unit_kobo) * details.quantity,
    discountKobo: details.discount_kobo ?? 0,
    promoCode: details.promo_code ?? null,
    amountKobo: details.price_per_unit_kobo * details.quantity - (details.discount_kobo ?? 0),
    status: 'completed',
    createdAt: createdAt.toISOString(),
    accounts: details.accounts.map((a) => ({
      username: a.username,
      email: a.email,
      details: a.additional_info as OrderAccount['details'],
    })),
    email: { status: 'pending', to: row.email!, sentAt: null, error: null },
    items,
    warrantyEndsAt: orderWarrantyEnd(items),
  };
}
