// Admin changes to single stock accounts: add one (into the product group its title names), edit, delete.
// Sold accounts belong to an order and are never changed. Each change, the group's stock count and the
// audit line in one transaction; secrets are sealed before they reach the database.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  adminMessages,
  type accountUpdateSchema,
  type addAccountSchema,
  type AdminAccount,
} from '../../../shared/admin-catalogue.ts';
import { publicDetails } from '../../../shared/catalogue.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { changes, recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { CredentialCipher } from './credential-cipher.ts';
import { findOrCreateProductGroupFor } from '../catalogue/find-or-create-group.ts';
import { loadAdminAccount } from './read-admin-accounts.ts';
import { recomputeStockCount } from './stock-count.ts';
import { stockAccounts } from './stock.tables.ts';

type Deps = { db: Db; cipher: CredentialCipher };

export function addStockAccount(
  { db, cipher }: Deps,
  actor: AuditActor,
  input: z.output<typeof addAccountSchema>,
): Promise<AdminAccount> {
  return uniqueAccount(() =>
    db.transaction(async (tx) => {
      const groupId = await findOrCreateProductGroupFor(tx, input);
      const [row] = await tx
        .insert(stockAccounts)
        .values({
          productGroupId: groupId,
          username: input.username,
          email: input.email,
          passwordEnc: cipher.encrypt(input.password),
          emailPasswordEnc: input.emailPassword ? cipher.encrypt(input.emailPassword) : null,
          twoFaCodeEnc: input.twoFaCode ? cipher.encrypt(input.twoFaCode) : null,
          additionalInfo: { title: input.title, ...input.details },
          status: 'available',
        })
        .returning({ id: stockAccounts.id });
      await recomputeStockCount(tx, groupId);
      await recordAudit(
        tx,
        actor,
        'account.create',
        { type: 'account', id: row!.id },
        { groupId, username: input.username },
      );
      return loadAdminAccount(tx, row!.id);
    }),
  );
}

export function updateStockAccount(
  { db, cipher }: Deps,
  actor: AuditActor,
  id: string,
  input: z.output<typeof accountUpdateSchema>,
): Promise<AdminAccount> {
  return uniqueAccount(() =>
    db.transaction(async (tx) => {
      const current = await lockUnsold(tx, id);
      const seal = (v: string | undefined) => (v ? cipher.encrypt(v) : undefined);
      await tx
        .update(stockAccounts)
        .set({
          username: input.username,
          email: input.email,
          passwordEnc: seal(input.password),
          emailPasswordEnc: seal(input.emailPassword),
          twoFaCodeEnc: seal(input.twoFaCode),
          status: input.status,
          // Keys the console never shows (publicDetails hides secret-looking ones) are kept, not dropped.
          additionalInfo: { ...hiddenDetails(current.additionalInfo), ...input.details },
        })
        .where(eq(stockAccounts.id, id));
      await recomputeStockCount(tx, current.productGroupId);
      // Secrets are never written to the log: only that they were changed.
      const secretsChanged = (['password', 'emailPassword', 'twoFaCode'] as const).filter(
        (k) => input[k],
      );
      const { username, email, status } = current;
      await recordAudit(
        tx,
        actor,
        'account.update',
        { type: 'account', id },
        {
          ...changes(
            { username, email, status, details: publicDetails(current.additionalInfo) },
            {
              username: input.username,
              email: input.email,
              status: input.status,
              details: input.details,
            },
          ),
          secretsChanged,
          groupId: current.productGroupId,
        },
      );
      return loadAdminAccount(tx, id);
    }),
  );
}

export function deleteStockAccount(db: Db, actor: AuditActor, id: string): Promise<void> {
  return db.transaction(async (tx) => {
    const current = await lockUnsold(tx, id);
    await tx.delete(stockAccounts).where(eq(stockAccounts.id, id));
    await recomputeStockCount(tx, current.productGroupId);
    await recordAudit(
      tx,
      actor,
      'account.delete',
      { type: 'account', id },
      {
        before: { username: current.username, status: current.status },
        groupId: current.productGroupId,
      },
    );
  });
}

/** Sold accounts (and the replaced or refunded ones) belong to an order: they stay exactly as they are. */
async function lockUnsold(tx: Tx, id: string) {
  const [row] = await tx.select().from(stockAccounts).where(eq(stockAccounts.id, id)).for('update');
  if (!row) throw notFound(adminMessages.accountNotFound);
  if (row.orderId !== null) throw conflict(adminMessages.accountSold);
  return row;
}

async function uniqueAccount<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(adminMessages.duplicateAccount);
    throw err;
  }
}

function hiddenDetails(info: Record<string, unknown>): Record<string, unknown> {
  const shown = publicDetails(info);
  return Object.fromEntries(Object.entries(info).filter(([k]) => !(k in shown)));
}
