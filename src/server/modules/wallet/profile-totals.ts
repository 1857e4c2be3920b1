// The profile page's totals, computed from the ledger: spent, topped up, and how many of each.
import { and, eq, sql } from 'drizzle-orm';
import type { ProfileTotals } from '../../../shared/auth.ts';
import type { Db } from '../../db/client.ts';
import { transactions } from './wallet.tables.ts';

export async function loadProfileTotals(db: Db, userId: string): Promise<ProfileTotals> {
  const [row] = await db
    .select({
      totalSpentKobo: sql<number>`coalesce(sum(abs(${transactions.amountKobo})) filter (where ${transactions.type} = 'purchase'), 0)::bigint`,
      totalTopupsKobo: sql<number>`coalesce(sum(${transactions.amountKobo}) filter (where ${transactions.type} = 'topup'), 0)::bigint`,
      transactionCount: sql<number>`count(*)::int`,
      topupCount: sql<number>`(count(*) filter (where ${transactions.type} = 'topup'))::int`,
      purchaseCount: sql<number>`(count(*) filter (where ${transactions.type} = 'purchase'))::int`,
    })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.status, 'completed')));
  return {
    totalSpentKobo: Number(row?.totalSpentKobo ?? 0),
    totalTopupsKobo: Number(row?.totalTopupsKobo ?? 0),
    transactionCount: row?.transactionCount ?? 0,
    topupCount: row?.topupCount ?? 0,
    purchaseCount: row?.purchaseCount ?? 0,
  };
}
