// Wallet API for its owner: the balance with totals, and the transaction history.
import type { FastifyInstance } from 'fastify';
import {
  walletSummarySchema,
  transactionListSchema,
  type TransactionList,
  type WalletSummary,
} from '../../../shared/wallet.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { readTransactions, readWalletSummary, type OpenEntries } from './read-wallet.ts';
import { answers } from '../../http/response-schemas.ts';

export function walletRoutes(
  app: FastifyInstance,
  { db, openEntries }: { db: Db; openEntries: OpenEntries },
): void {
  app.get(
    '/api/wallet',
    { config: { access: 'customer' }, ...answers({ 200: walletSummarySchema }) },
    async (req): Promise<WalletSummary> => readWalletSummary(db, currentUser(req).id),
  );
  app.get(
    '/api/wallet/transactions',
    { config: { access: 'customer' }, ...answers({ 200: transactionListSchema }) },
    async (req): Promise<TransactionList> =>
      readTransactions(db, currentUser(req).id, undefined, { attempts: openEntries }),
  );
}
