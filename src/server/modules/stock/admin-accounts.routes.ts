// Admin API for stock accounts: list, details with decrypted credentials, add one, edit, delete.
import type { FastifyInstance } from 'fastify';
import {
  adminAccountListSchema,
  adminAccountDetailsSchema,
  adminAccountSchema,
  adminItemResultSchema,
  adminResultSchema,
  accountListQuerySchema,
  accountUpdateSchema,
  addAccountSchema,
  adminMessages,
  type AdminAccount,
  type AdminAccountDetails,
  type AdminAccountList,
  type AdminResult,
} from '../../../shared/admin-catalogue.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { parseId } from '../../http/params.ts';
import { parseInput } from '../../http/validate.ts';
import type { CredentialCipher } from './credential-cipher.ts';
import { addStockAccount, deleteStockAccount, updateStockAccount } from './edit-stock-accounts.ts';
import { listAdminAccounts, readAdminAccountDetails } from './read-admin-accounts.ts';
import { answers } from '../../http/response-schemas.ts';

const accountResult = adminItemResultSchema(adminAccountSchema);
export function adminAccountRoutes(
  app: FastifyInstance,
  { db, cipher }: { db: Db; cipher: CredentialCipher },
): void {
  app.get(
    '/api/admin/accounts',
    { config: { access: 'admin' }, ...answers({ 200: adminAccountListSchema }) },
    async (req): Promise<AdminAccountList> =>
      listAdminAccounts(db, parseInput(accountListQuerySchema, req.query)),
  );

  app.get(
    '/api/admin/accounts/:id',
    // Answers the account's credentials decrypted: a fresh second-factor code first.
    {
      config: { access: 'admin', revealsCredentials: true },
      ...answers({ 200: adminAccountDetailsSchema }),
    },
    async (req): Promise<AdminAccountDetails> =>
      readAdminAccountDetails(
        db,
        cipher,
        currentUser(req),
        parseId(req.params, adminMessages.accountNotFound),
      ),
  );

  app.post(
    '/api/admin/accounts',
    { config: { access: 'admin' }, ...answers({ 201: accountResult }) },
    async (req, reply): Promise<AdminResult<AdminAccount>> => {
      const input = parseInput(addAccountSchema, req.body);
      const item = await addStockAccount({ db, cipher }, currentUser(req), input);
      reply.status(201);
      return { message: adminMessages.accountAdded, item };
    },
  );

  app.patch(
    '/api/admin/accounts/:id',
    { config: { access: 'admin' }, ...answers({ 200: accountResult }) },
    async (req): Promise<AdminResult<AdminAccount>> => {
      const id = parseId(req.params, adminMessages.accountNotFound);
      const input = parseInput(accountUpdateSchema, req.body);
      const item = await updateStockAccount({ db, cipher }, currentUser(req), id, input);
      return { message: adminMessages.accountUpdated, item };
    },
  );

  app.delete(
    '/api/admin/accounts/:id',
    { config: { access: 'admin' }, ...answers({ 200: adminResultSchema }) },
    async (req): Promise<AdminResult> => {
      const id = parseId(req.params, adminMessages.accountNotFound);
      await deleteStockAccount(db, currentUser(req), id);
      return { message: adminMessages.accountDeleted };
    },
  );
}
