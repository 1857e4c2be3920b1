// GET /api/admin/activity: the audit trail for the console's Activity view, with what its ids stand for
// (read-only; no other verbs exist).
import type { FastifyInstance } from 'fastify';
import {
  activityPageSchema,
  activityQuerySchema,
  type ActivityPage,
} from '../../../shared/audit.ts';
import type { Db } from '../../db/client.ts';
import { parseInput } from '../../http/validate.ts';
import { readAuditTrail } from '../audit/read-audit-trail.ts';
import { answers } from '../../http/response-schemas.ts';
import { nameActivitySubjects } from './name-activity-subjects.ts';

export function adminActivityRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get(
    '/api/admin/activity',
    { config: { access: 'admin' }, ...answers({ 200: activityPageSchema }) },
    async (req): Promise<ActivityPage> => {
      const page = await readAuditTrail(db, parseInput(activityQuerySchema, req.query));
      return { ...page, names: await nameActivitySubjects(db, page.entries) };
    },
  );
}
