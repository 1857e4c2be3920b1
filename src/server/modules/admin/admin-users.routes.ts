// Admin Users tab: list and search users, a user's latest activity, and wallet balance adjustments.
import crypto from 'node:crypto';
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminUserMessages,
  balanceAdjustmentSchema,
  USER_LIST_LIMIT,
  USER_SEARCH_LIMIT,
  userSearchSchema,
  type AdminUser,
  type AdminUserDetails,
  type AdminUserList,
  type BalanceAdjustmentResult,
} from '../../../shared/admin-users.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { users } from '../auth/auth.tables.ts';
import { categories, productGroups } from '../catalogue/catalogue.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { postLedgerEntry } from '../wallet/post-ledger-entry.ts';
import { readTransactions, readWalletSummary } from '../wallet/read-wallet.ts';
import { transactions } from '../wallet/wallet.tables.ts';
import { recordAudit } from './record-audit.ts';

const idParams = z.object({ id: z.uuid() });
const LATEST = 5;

export function adminUserRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  /** No search: the newest users. A search: case-insensitive on e-mail or name, at most 50. */
  app.get(
    '/api/admin/users',
    { config: { access: 'admin' } },
    async (req): Promise<AdminUserList> => {
      const { search } = parseInput(userSearchSchema, req.query);
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
    },
  );

  app.get(
    '/api/admin/users/:id',
    { config: { access: 'admin' } },
    async (req): Promise<AdminUserDetails> => {
      const id = userId(req.params);
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
    },
  );

  /** ADMIN_CREDIT or ADMIN_DEBIT (stored negative), never below zero, with the admin's e-mail as actor. */
  app.post(
    '/api/admin/users/:id/adjust',
    { config: { access: 'admin' } },
    async (req): Promise<BalanceAdjustmentResult> => {
      const id = userId(req.params);
      const input = parseInput(balanceAdjustmentSchema, req.body);
      const admin = currentUser(req);
      const amountKobo = Math.round(input.amountNaira * 100);
      const reference = `ADMIN_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
      return db.transaction(async (tx) => {
        const [user] = await tx
          .select({ balanceKobo: users.walletBalanceKobo })
          .from(users)
          .where(eq(users.id, id));
        if (!user) throw notFound(adminUserMessages.userNotFound);
        const posted = await postLedgerEntry(tx, {
          userId: id,
          type: input.action === 'credit' ? 'ADMIN_CREDIT' : 'ADMIN_DEBIT',
          amountKobo: input.action === 'credit' ? amountKobo : -amountKobo,
          description: input.reason,
          reference,
          actor: admin.email || 'admin',
        });
        if (!posted) {
          const [now] = await tx
            .select({ balanceKobo: users.walletBalanceKobo })
            .from(users)
            .where(eq(users.id, id));
          throw new AppError(
            'INSUFFICIENT_BALANCE',
            409,
            adminUserMessages.insufficient(now?.balanceKobo ?? 0, amountKobo),
          );
        }
        await recordAudit(
          tx,
          admin,
          `wallet.${input.action}`,
          { type: 'user', id },
          {
            amountKobo,
            reason: input.reason,
            reference,
            before: {
              balanceKobo:
                posted.balanceAfterKobo - (input.action === 'credit' ? amountKobo : -amountKobo),
            },
            after: { balanceKobo: posted.balanceAfterKobo },
          },
        );
        return {
          message: adminUserMessages.adjusted(posted.balanceAfterKobo),
          newBalanceKobo: posted.balanceAfterKobo,
          reference,
        };
      });
    },
  );
}

function userId(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw notFound(adminUserMessages.userNotFound);
  return parsed.data.id;
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
