// After-sale routes: a buyer reports bad accounts of their order; admins list and resolve reports.
import type { FastifyInstance } from 'fastify';
import { orderMessages } from '../../../shared/orders.ts';
import {
  reportProblemResultSchema,
  adminReportListResultSchema,
  resolveReportResultSchema,
  adminReportListSchema,
  reportMessages,
  reportProblemSchema,
  resolveReportSchema,
  type AdminReportList,
  type ReportProblemResult,
  type ResolveReportResult,
} from '../../../shared/reports.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { parseId } from '../../http/params.ts';
import { parseInput } from '../../http/validate.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { readAdminReports } from './read-admin-reports.ts';
import { reportProblem } from './report-problem.ts';
import { resolveReport } from './resolve-report.ts';
import { answers } from '../../http/response-schemas.ts';

type Deps = {
  db: Db;
  cipher: CredentialCipher;
  pokeMail: () => void;
  /** The warranty now (a setting of the store). */
  warrantyHours: () => number;
};

export function reportRoutes(
  app: FastifyInstance,
  { db, cipher, pokeMail, warrantyHours }: Deps,
): void {
  /** Owner only: anyone else gets the same 404 as for an order that does not exist. */
  app.post(
    '/api/orders/:id/reports',
    { config: { access: 'signed-in' }, ...answers({ 201: reportProblemResultSchema }) },
    async (req, reply): Promise<ReportProblemResult> => {
      const orderId = parseId(req.params, orderMessages.orderNotFound);
      const input = parseInput(reportProblemSchema, req.body);
      const result = await reportProblem(db, {
        userId: currentUser(req).id,
        orderId,
        input,
        warrantyHours: warrantyHours(),
      });
      req.log.info(
        { orderId, reports: result.reportIds.length, reason: input.reason },
        'report: problem reported',
      );
      reply.status(201);
      return result;
    },
  );

  app.get(
    '/api/admin/reports',
    // Each report shows the reported account's credentials: a fresh second-factor code first.
    {
      config: { access: 'admin', revealsCredentials: true },
      ...answers({ 200: adminReportListResultSchema }),
    },
    async (req, reply): Promise<AdminReportList> => {
      const { status } = parseInput(adminReportListSchema, req.query);
      reply.header('cache-control', 'no-store');
      return readAdminReports(db, cipher, currentUser(req), status);
    },
  );

  app.post(
    '/api/admin/reports/:id/resolve',
    // A refund moves money and a replacement hands out credentials: a fresh second-factor code first.
    { config: { access: 'admin', stepUp: true }, ...answers({ 200: resolveReportResultSchema }) },
    async (req): Promise<ResolveReportResult> => {
      const reportId = parseId(req.params, reportMessages.reportNotFound);
      const input = parseInput(resolveReportSchema, req.body);
      const result = await resolveReport(db, cipher, currentUser(req), reportId, input);
      pokeMail();
      req.log.info({ reportId, action: input.action }, 'report: resolved');
      return result;
    },
  );
}
