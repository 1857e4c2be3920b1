// Refund: the account's price goes back to the buyer's wallet as a 'refund' ledger row linked to the
// order and the report (unique per report), and the account becomes 'refunded' (never sold again).
import { eq } from 'drizzle-orm';
import { shortOrderId } from '../../../shared/orders.ts';
import type { Tx } from '../../db/client.ts';
import type { SessionUser } from '../../http/access.ts';
import { users } from '../auth/auth.tables.ts';
import type { orders } from '../orders/orders.tables.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { postLedgerEntry } from '../wallet/post-ledger-entry.ts';

type Order = typeof orders.$inferSelect;
type Account = typeof stockAccounts.$inferSelect;

export function refundReference(reportId: string): string {
  return `REFUND-${reportId.slice(0, 8).toUpperCase()}-${reportId.slice(-4).toUpperCase()}`;
}

export async function refundReportedAccount(
  tx: Tx,
  actor: SessionUser,
  { order, account, reportId }: { order: Order; account: Account; reportId: string },
): Promise<{ amountKobo: number; balanceAfterKobo: number }> {
  await tx
    .update(stockAccounts)
    .set({ status: 'refunded' })
    .where(eq(stockAccounts.id, account.id));
  const amountKobo = order.accountDetails.price_per_unit_kobo;
  if (amountKobo === 0) {
    // A free account moved no money, so its refund moves none either (and writes no ledger row).
    const [owner] = await tx
      .select({ balanceKobo: users.walletBalanceKobo })
      .from(users)
      .where(eq(users.id, order.userId));
    return { amountKobo: 0, balanceAfterKobo: owner?.balanceKobo ?? 0 };
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
