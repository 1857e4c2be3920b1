// The admin console's stock reads: the filtered, paged account list, one account with its credentials
// decrypted (admins only), and one account after a change.
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  adminMessages,
  type accountListQuerySchema,
  type AdminAccount,
  type AdminAccountDetails,
  type AdminAccountList,
} from '../../../shared/admin-catalogue.ts';
import { publicDetails } from '../../../shared/catalogue.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { categories, productGroups } from '../catalogue/catalogue.tables.ts';
import type { CredentialCipher } from './credential-cipher.ts';
import { stockAccounts } from './stock.tables.ts';

export async function listAdminAccounts(
  db: Db,
  q: z.output<typeof accountListQuerySchema>,
): Promise<AdminAccountList> {
  const filters: (SQL | undefined)[] = [
    q.templateId ? eq(stockAccounts.productGroupId, q.templateId) : undefined,
    q.status ? eq(stockAccounts.status, q.status) : undefined,
    q.search
      ? or(
          ilike(stockAccounts.username, `%${escapeLike(q.search)}%`),
          ilike(stockAccounts.email, `%${escapeLike(q.search)}%`),
        )
      : undefined,
  ];
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    selectAccounts(db)
      .where(where)
      .orderBy(desc(stockAccounts.createdAt), desc(stockAccounts.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(stockAccounts).where(where),
  ]);
  return { accounts: rows.map(toAccount), total: total?.n ?? 0 };
}

export async function readAdminAccountDetails(
  db: Db,
  cipher: CredentialCipher,
  id: string,
): Promise<AdminAccountDetails> {
  const [row] = await selectAccounts(db).where(eq(stockAccounts.id, id));
  if (!row) throw notFound(adminMessages.accountNotFound);
  const open = (sealed: Buffer | null) => (sealed ? cipher.decrypt(sealed) : null);
  return {
    ...toAccount(row),
    password: cipher.decrypt(row.a.passwordEnc),
    emailPassword: open(row.a.emailPasswordEnc),
    twoFaCode: open(row.a.twoFaCodeEnc),
  };
}

export async function loadAdminAccount(tx: Tx, id: string): Promise<AdminAccount> {
  const [row] = await selectAccounts(tx).where(eq(stockAccounts.id, id));
  if (!row) throw notFound(adminMessages.accountNotFound);
  return toAccount(row);
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function selectAccounts(tx: Tx | Db) {
  return tx
    .select({ a: stockAccounts, groupName: productGroups.name, categoryName: categories.name })
    .from(stockAccounts)
    .innerJoin(productGroups, eq(productGroups.id, stockAccounts.productGroupId))
    .innerJoin(categories, eq(categories.id, productGroups.categoryId))
    .$dynamic();
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof selectAccounts>['execute']>>[number];

function toAccount({ a, groupName, categoryName }: AccountRow): AdminAccount {
  return {
    id: a.id,
    productGroupId: a.productGroupId,
    productGroupName: groupName,
    categoryName,
    username: a.username,
    email: a.email,
    status: a.status,
    details: publicDetails(a.additionalInfo),
    soldAt: a.soldAt?.toISOString() ?? null,
    orderId: a.orderId,
    createdAt: a.createdAt.toISOString(),
  };
}
