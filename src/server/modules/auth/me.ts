// The signed-in user as the browser sees it, and the profile totals computed from the ledger.
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { Me, ProfileTotals } from '../../../shared/auth.ts';
import { transactions } from '../wallet/wallet.tables.ts';
import { users } from './auth.tables.ts';
import { isAdminUser } from './sessions.ts';

export async function loadMe(db: Db, config: Config, userId: string): Promise<Me> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw notFound('User not found');
  const isAdmin = isAdminUser(u, config);
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    isAdmin,
    adminByAddress: !u.isAdmin && config.ADMIN_EMAILS.includes(u.email),
    role: isAdmin ? 'admin' : 'user',
    walletBalanceKobo: u.walletBalanceKobo,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

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
