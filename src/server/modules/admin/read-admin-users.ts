// The admin Users tab's reads: the newest users or a search on e-mail and name, and one user's latest
// activity (transactions, orders, totals, referrals), composed from what the auth, wallet, orders and catalogue
// modules each read of their own tables.
import {
  adminUserMessages,
  USER_LIST_LIMIT,
  USER_SEARCH_LIMIT,
  type AdminUserDetails,
  type AdminUserList,
} from '../../../shared/admin-users.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { countUsers, readAdminUser, searchUsers } from '../auth/read-users.ts';
import { readGroupLabels } from '../catalogue/group-figures.ts';
import { readLatestOrdersOf } from '../orders/order-figures.ts';
import { countTransactions, readTransactions, readWalletSummary } from '../wallet/read-wallet.ts';
import { readAdminUserReferrals, readReferralFigures } from '../referrals/read-referrals.ts';

const LATEST = 5;

/** No search: the newest users. A search: case-insensitive on e-mail or name, at most 50. */
export async function listAdminUsers(db: Db, search: string | undefined): Promise<AdminUserList> {
  const [users, total] = await Promise.all([
    searchUsers(db, search, search ? USER_SEARCH_LIMIT : USER_LIST_LIMIT),
    countUsers(db),
  ]);
  const referrals = await readReferralFigures(
    db,
    users.map((u) => u.id),
  );
  return { users: users.map((u) => ({ ...u, referrals: referrals.get(u.id)! })), total };
}

export async function readAdminUserDetails(db: Db, id: string): Promise<AdminUserDetails> {
  const user = await readAdminUser(db, id);
  if (!user) throw notFound(adminUserMessages.userNotFound);
  const [history, latest, transactionCount, summary, referrals] = await Promise.all([
    readTransactions(db, id, LATEST),
    readLatestOrdersOf(db, id, LATEST),
    countTransactions(db, id),
    readWalletSummary(db, id),
    readAdminUserReferrals(db, id),
  ]);
  const groups = await readGroupLabels(
    db,
    latest.orders.map((o) => o.productGroupId),
  );
  return {
    user,
    transactions: history.transactions,
    // An order's group is never deleted (a foreign key), so each has its label.
    orders: latest.orders.map(({ productGroupId, createdAt, ...o }) => ({
      id: o.id,
      productGroupName: groups.get(productGroupId)!.name,
      categoryName: groups.get(productGroupId)!.categoryName,
      quantity: o.quantity,
      amountKobo: o.amountKobo,
      status: o.status,
      createdAt: createdAt.toISOString(),
    })),
    totals: {
      transactionCount,
      orderCount: latest.total,
      totalTopupsKobo: summary.totalTopupsKobo,
      totalSpentKobo: summary.totalSpentKobo,
    },
    referrals,
  };
}
