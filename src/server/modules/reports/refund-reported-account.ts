// Refund: the account's price goes back to the buyer's wallet as a 'refund' ledger row linked to the
// order and the report (unique per report), and the account becomes 'refunded' (never sold again).
import { shortOrderId } from '../../../shared/orders.ts';
import type { Tx } from '../../db/client.ts';
import type { SessionUser } from '../../http/access.ts';
import { readWalletBalance } from '../auth/wallet-balance.ts';
import type { Order } from '../orders/read-order.ts';
import { markAccountRefunded, type StockAccount } from '../stock/reported-accounts.ts';
import { postLedgerEntry } from '../wallet/post-ledger-entry.ts';

/**
 * What one account of an order refunds: its share of what was paid (the order's amount over its quantity, rounded
 * down to whole kobo), so an order bought at a volume price or with a promo code refunds what was paid, never the
 * list price. Without a code this is the unit price. check-ledger.ts holds every refund to it.
 */
export function refundShareKobo(order: Pick<Order, 'amountKobo' | 'quantity'>): number {
  return Math.floor(order.amountKobo / order.quantity);
}

export function refundReference(reportId: string): string {
  return `REFUND-${reportId.slice(0, 8).toUpperCase()}-${reportId.slice(-4).toUpperCase()}`;
}

export async function refundReportedAccount(
  tx: Tx,
  actor: SessionUser,
  { order, account, reportId }: { order: Order; account: StockAccount; reportId: string },
): Promise<{ amountKobo: number; balanceAfterKobo: number }> {
  await markAccountRefunded(tx, account.id);
  const amountKobo = refundShareKobo(order);
  if (amountKobo === 0) {
    // A free account moved no money, so its refund moves none either (and writes no ledger row).
    return { amountKobo: 0, balanceAfterKobo: await readWalletBalance(tx, order.userId) };
  }
  const posted = await postLedgerEntry(tx, {
    userId: order.userId,
    type: 'refund',
    amountKobo,
    description: `Refund: @${account.username} (order ${shortOrderId(order.id)})`,
    reference: refundReference(reportId),
    orderId: order.id,
    reportId,
    actor: actor.email,
  });
  return { amountKobo, balanceAfterKobo: posted!.balanceAfterKobo };
}
