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
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { readGroupLabels } from '../catalogue/group-figures.ts';
import { openCredentials, type CredentialCipher } from './credential-cipher.ts';
import { stockAccounts } from './stock.tables.ts';

export async function listAdminAccounts(
  db: Db,
  q: z.output<typeof accountListQuerySchema>,
): Promise<AdminAccountList> {
  const filters: (SQL | undefined)[] = [
    q.productGroupId ? eq(stockAccounts.productGroupId, q.productGroupId) : undefined,
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
    db
      .select()
      .from(stockAccounts)
      .where(where)
      .orderBy(desc(stockAccounts.createdAt), desc(stockAccounts.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(stockAccounts).where(where),
  ]);
  return { accounts: await toAccounts(db, rows), total: total?.n ?? 0 };
}

/** One account with its credentials decrypted: the Activity trail records who saw them. */
export async function readAdminAccountDetails(
  db: Db,
  cipher: CredentialCipher,
  actor: AuditActor,
  id: string,
): Promise<AdminAccountDetails> {
  const [row] = await db.select().from(stockAccounts).where(eq(stockAccounts.id, id));
  if (!row) throw notFound(adminMessages.accountNotFound);
  const [account] = await toAccounts(db, [row]);
  const opened = openCredentials(cipher, row);
  await recordAudit(db, actor, 'account.credentials_view', { type: 'stock_account', id });
  return { ...account!, ...opened };
}

export async function loadAdminAccount(tx: Tx, id: string): Promise<AdminAccount> {
  const [row] = await tx.select().from(stockAccounts).where(eq(stockAccounts.id, id));
  if (!row) throw notFound(adminMessages.accountNotFound);
  const [account] = await toAccounts(tx, [row]);
  return account!;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The rows with their group's and category's names (the catalogue's, one query for the page). */
async function toAccounts(
  db: Db | Tx,
  rows: (typeof stockAccounts.$inferSelect)[],
): Promise<AdminAccount[]> {
  const groups = await readGroupLabels(
    db,
    rows.map((a) => a.productGroupId),
  );
  return rows.map((a) => {
    // An account's group is never deleted while it has accounts (a foreign key).
    const group = groups.get(a.productGroupId)!;
    return {
      id: a.id,
      productGroupId: a.productGroupId,
      productGroupName: group.name,
      categoryName: group.categoryName,
      username: a.username,
      email: a.email,
      status: a.status,
      details: publicDetails(a.additionalInfo),
      soldAt: a.soldAt?.toISOString() ?? null,
      orderId: a.orderId,
      createdAt: a.createdAt.toISOString(),
    };
  });
}
