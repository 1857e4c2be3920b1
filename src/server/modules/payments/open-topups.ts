// The customer's top-ups that have not been credited (pending, failed, expired), as rows of the wallet
// history, so that each one can be followed; a credited top-up is its ledger row. The wallet shows them
// through its OpenEntries read (wallet/read-wallet.ts), which buildApp (app.ts) hands to the wallet routes.
import { and, desc, eq, ne } from 'drizzle-orm';
import type { WalletTransaction } from '../../../shared/wallet.ts';
import type { Db } from '../../db/client.ts';
import { customerMessage } from './customer-message.ts';
import { payments } from './payments.tables.ts';

export async function readOpenTopups(
  db: Db,
  userId: string,
  limit: number,
): Promise<WalletTransaction[]> {
  const rows = await db
    .select(attemptColumns)
    .from(payments)
    .where(and(eq(payments.userId, userId), ne(payments.status, 'completed')))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
  return rows.map(attemptRow);
}

const attemptColumns = {
  id: payments.id,
  amountKobo: payments.amountKobo,
  provider: payments.provider,
  reference: payments.reference,
  status: payments.status,
  statusMessage: payments.statusMessage,
  providerReference: payments.providerReference,
  createdAt: payments.createdAt,
};

function attemptRow(p: {
  [K in keyof typeof attemptColumns]: (typeof payments.$inferSelect)[K];
}): WalletTransaction {
  return {
    id: p.id,
    type: 'topup',
    amountKobo: p.amountKobo,
    balanceAfterKobo: null,
    description: `Wallet top-up via ${p.provider === 'sandbox' ? 'Sandbox' : 'ErcasPay'}`,
    reference: p.reference,
    status: p.status,
    providerReference: p.providerReference,
    createdAt: p.createdAt.toISOString(),
    message: customerMessage(p),
  };
}
