// GET /api/admin/overview: the owner's Overview for a period in one answer; /export.csv: the same figures as CSV.
import type { FastifyInstance } from 'fastify';
import {
  overviewQuerySchema,
  overviewSchema,
  type Overview,
} from '../../../shared/admin-overview.ts';
import type { Db } from '../../db/client.ts';
import { answers, textAnswer } from '../../http/response-schemas.ts';
import { parseInput } from '../../http/validate.ts';
import { exportOverview } from './export-overview.ts';
import { readOverview } from './read-overview.ts';

export function adminOverviewRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get(
    '/api/admin/overview',
    { config: { access: 'admin' }, ...answers({ 200: overviewSchema }) },
    async (req): Promise<Overview> => readOverview(db, parseInput(overviewQuerySchema, req.query)),
  );

  app.get(
    '/api/admin/overview/export.csv',
    { config: { access: 'admin' }, ...answers({ 200: textAnswer('text/csv') }) },
    async (req, reply) => {
      const o = await readOverview(db, parseInput(overviewQuerySchema, req.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="overview-${o.period.from}-to-${o.period.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(exportOverview(o));
    },
  );
}
