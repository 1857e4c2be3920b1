// Admin Users tab: list and search users, a user's latest activity, and wallet balance adjustments.
import type { FastifyInstance } from 'fastify';
import {
  adminUserListSchema,
  adminUserDetailsSchema,
  balanceAdjustmentResultSchema,
  adminUserMessages,
  balanceAdjustmentSchema,
  userSearchSchema,
  type AdminUserDetails,
  type AdminUserList,
  type BalanceAdjustmentResult,
} from '../../../shared/admin-users.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { parseId } from '../../http/params.ts';
import { parseInput } from '../../http/validate.ts';
import { adjustBalance } from '../wallet/adjust-balance.ts';
import { listAdminUsers, readAdminUserDetails } from './read-admin-users.ts';
import { answers } from '../../http/response-schemas.ts';

export function adminUserRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get(
    '/api/admin/users',
    { config: { access: 'admin' }, ...answers({ 200: adminUserListSchema }) },
    async (req): Promise<AdminUserList> =>
      listAdminUsers(db, parseInput(userSearchSchema, req.query).search),
  );

  app.get(
    '/api/admin/users/:id',
    { config: { access: 'admin' }, ...answers({ 200: adminUserDetailsSchema }) },
    async (req): Promise<AdminUserDetails> =>
      readAdminUserDetails(db, parseId(req.params, adminUserMessages.userNotFound)),
  );

  app.post(
    '/api/admin/users/:id/adjust',
    {
      config: { access: 'admin', stepUp: true },
      ...answers({ 200: balanceAdjustmentResultSchema }),
    },
    async (req): Promise<BalanceAdjustmentResult> => {
      const id = parseId(req.params, adminUserMessages.userNotFound);
      const input = parseInput(balanceAdjustmentSchema, req.body);
      return adjustBalance(db, currentUser(req), id, input);
    },
  );
}
