// The console's Orders tab: every order (paged, filtered, with totals) and the filtered set as CSV.
import type { FastifyInstance } from 'fastify';
import {
  adminOrderListSchema,
  adminOrdersQuerySchema,
  type AdminOrderList,
} from '../../../shared/admin-orders.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { parseInput } from '../../http/validate.ts';
import { exportAdminOrders } from './export-admin-orders.ts';
import { readAdminOrders } from './read-admin-orders.ts';
import { answers, textAnswer } from '../../http/response-schemas.ts';

export function adminOrderRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get(
    '/api/admin/orders',
    { config: { access: 'admin' }, ...answers({ 200: adminOrderListSchema }) },
    async (req): Promise<AdminOrderList> =>
      readAdminOrders(db, parseInput(adminOrdersQuerySchema, req.query)),
  );

  app.get(
    '/api/admin/orders/export.csv',
    { config: { access: 'admin' }, ...answers({ 200: textAnswer('text/csv') }) },
    async (req, reply) => {
      const { offset: _offset, ...filters } = parseInput(adminOrdersQuerySchema, req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(await exportAdminOrders(db, currentUser(req), filters));
    },
  );
}
