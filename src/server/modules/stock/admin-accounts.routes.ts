// Admin API for stock accounts: list, details with decrypted credentials, add one, edit, delete.
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  accountListQuerySchema,
  accountUpdateSchema,
  addProductSchema,
  adminMessages,
  type AdminAccount,
  type AdminAccountDetails,
  type AdminAccountList,
  type AdminResult,
} from '../../../shared/admin-catalogue.ts';
import { publicDetails } from '../../../shared/catalogue.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { currentUser } from '../../http/access.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { changes, recordAudit } from '../admin/record-audit.ts';
import { categories, productGroups } from '../catalogue/catalogue.tables.ts';
import { findOrCreateTemplateFor } from './find-template-for-product.ts';
import type { CredentialCipher } from './credential-cipher.ts';
import { recomputeStockCount } from './stock-count.ts';
import { stockAccounts } from './stock.tables.ts';

const idParams = z.object({ id: z.uuid() });

export function adminAccountRoutes(
  app: FastifyInstance,
  { db, cipher }: { db: Db; cipher: CredentialCipher },
): void {
  app.get(
    '/api/admin/accounts',
    { config: { access: 'admin' } },
    async (req): Promise<AdminAccountList> => {
      const q = parseInput(accountListQuerySchema, req.query);
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
    },
  );

  app.get(
    '/api/admin/accounts/:id',
    { config: { access: 'admin' } },
    async (req): Promise<AdminAccountDetails> => {
      const id = accountId(req.params);
      const [row] = await selectAccounts(db).where(eq(stockAccounts.id, id));
      if (!row) throw notFound(adminMessages.accountNotFound);
      const open = (sealed: Buffer | null) => (sealed ? cipher.decrypt(sealed) : null);
      return {
        ...toAccount(row),
        password: cipher.decrypt(row.a.passwordEnc),
        emailPassword: open(row.a.emailPasswordEnc),
        twoFaCode: open(row.a.twoFaCodeEnc),
      };
    },
  );

  app.post(
    '/api/admin/products',
    { config: { access: 'admin' } },
    async (req, reply): Promise<AdminResult<AdminAccount>> => {
      const input = parseInput(addProductSchema, req.body);
      const item = await uniqueAccount(() =>
        db.transaction(async (tx) => {
          const groupId = await findOrCreateTemplateFor(tx, input);
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
            currentUser(req),
            'account.create',
            { type: 'account', id: row!.id },
            { groupId, username: input.username },
          );
          return loadAccount(tx, row!.id);
        }),
      );
      reply.status(201);
      return { message: adminMessages.productAdded, item };
    },
  );

  app.patch(
    '/api/admin/accounts/:id',
    { config: { access: 'admin' } },
    async (req): Promise<AdminResult<AdminAccount>> => {
      const id = accountId(req.params);
      const input = parseInput(accountUpdateSchema, req.body);
      const item = await uniqueAccount(() =>
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
            currentUser(req),
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
          return loadAccount(tx, id);
        }),
      );
      return { message: adminMessages.accountUpdated, item };
    },
  );

  app.delete(
    '/api/admin/accounts/:id',
    { config: { access: 'admin' } },
    async (req): Promise<AdminResult> => {
      const id = accountId(req.params);
      await db.transaction(async (tx) => {
        const current = await lockUnsold(tx, id);
        await tx.delete(stockAccounts).where(eq(stockAccounts.id, id));
        await recomputeStockCount(tx, current.productGroupId);
        await recordAudit(
          tx,
          currentUser(req),
          'account.delete',
          { type: 'account', id },
          {
            before: { username: current.username, status: current.status },
            groupId: current.productGroupId,
          },
        );
      });
      return { message: adminMessages.accountDeleted };
    },
  );
}

function accountId(params: unknown): string {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw notFound(adminMessages.accountNotFound);
  return parsed.data.id;
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

async function loadAccount(tx: Tx, id: string): Promise<AdminAccount> {
  const [row] = await selectAccounts(tx).where(eq(stockAccounts.id, id));
  if (!row) throw notFound(adminMessages.accountNotFound);
  return toAccount(row);
}
