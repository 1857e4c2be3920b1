// The dashboard's recent activity: the customer's latest ledger rows, by kind.
import { desc, eq } from 'drizzle-orm';
import type { ActivityList } from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { transactions } from './wallet.tables.ts';

const ACTIVITY_LIMIT = 5;

export async function readActivity(db: Db, userId: string): Promise<ActivityList> {
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(ACTIVITY_LIMIT);
  return {
    items: rows.map((t) => ({
      id: t.id,
      kind:
        t.type === 'purchase'
          ? 'purchase'
          : t.type === 'topup'
            ? 'topup'
            : t.type === 'refund'
              ? 'refund'
              : t.type === 'referral_reward'
                ? 'referral'
                : 'admin',
      description: t.description,
      amountKobo: t.amountKobo,
      createdAt: t.createdAt.toISOString(),
    })),
  };
}
