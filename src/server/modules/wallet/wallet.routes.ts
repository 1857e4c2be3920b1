// Wallet API for its owner: the balance with totals, and the transaction history.
import type { FastifyInstance } from 'fastify';
import type { TransactionList, WalletSummary } from '../../../shared/wallet.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { readTransactions, readWalletSummary } from './read-wallet.ts';

export function walletRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get('/api/wallet', { config: { access: 'customer' } }, async (req): Promise<WalletSummary> =>
    readWalletSummary(db, currentUser(req).id),
  );
  app.get(
    '/api/wallet/transactions',
    { config: { access: 'customer' } },
    async (req): Promise<TransactionList> =>
      readTransactions(db, currentUser(req).id, undefined, { attempts: true }),
  );
}
