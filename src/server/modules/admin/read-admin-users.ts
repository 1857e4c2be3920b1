// The admin Users tab's reads: the newest users or a search on e-mail and name, and one user's latest
// activity (transactions, orders, totals).
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import {
  adminUserMessages,
  USER_LIST_LIMIT,
  USER_SEARCH_LIMIT,
  type AdminUser,
  type AdminUserDetails,
  type AdminUserList,
} from '../../../shared/admin-users.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { users } from '../auth/auth.tables.ts';
import { categories, productGroups } from '../catalogue/catalogue.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { readTransactions, readWalletSummary } from '../wallet/read-wallet.ts';
import { transactions } from '../wallet/wallet.tables.ts';

const LATEST = 5;

/** No search: the newest users. A search: case-insensitive on e-mail or name, at most 50. */
export async function listAdminUsers(db: Db, search: string | undefined): Promise<AdminUserList> {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = pattern
    ? or(ilike(users.email, pattern), ilike(users.fullName, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt))
      .limit(pattern ? USER_SEARCH_LIMIT : USER_LIST_LIMIT),
    db.select({ n: count() }).from(users),
  ]);
  return { users: rows.map(toAdminUser), total: total?.n ?? 0 };
}

export async function readAdminUserDetails(db: Db, id: string): Promise<AdminUserDetails> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound(adminUserMessages.userNotFound);
  const [history, latestOrders, [txCount], [orderCount], summary] = await Promise.all([
    readTransactions(db, id, LATEST),
    db
      .select({
        id: orders.id,
        productGroupName: productGroups.name,
        categoryName: categories.name,
        quantity: orders.quantity,
        amountKobo: orders.amountKobo,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(productGroups, eq(productGroups.id, orders.productGroupId))
      .innerJoin(categories, eq(categories.id, productGroups.categoryId))
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt))
      .limit(LATEST),
    db.select({ n: count() }).from(transactions).where(eq(transactions.userId, id)),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, id)),
    readWalletSummary(db, id),
  ]);
  return {
    user: toAdminUser(user),
    transactions: history.transactions,
    orders: latestOrders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    totals: {
      transactionCount: txCount?.n ?? 0,
      orderCount: orderCount?.n ?? 0,
      totalTopupsKobo: summary.totalTopupsKobo,
      totalSpentKobo: summary.totalSpentKobo,
    },
  };
}

function toAdminUser(u: typeof users.$inferSelect): AdminUser {
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    isAdmin: u.isAdmin,
    role: u.isAdmin ? 'Admin' : 'Customer',
    walletBalanceKobo: u.walletBalanceKobo,
    createdAt: u.createdAt.toISOString(),
  };
}
