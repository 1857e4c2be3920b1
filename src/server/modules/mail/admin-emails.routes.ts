// The admin E-mail tab: GET /api/admin/emails (failed and retrying messages, no bodies), Retry and Retry all.
import type { FastifyInstance } from 'fastify';
import {
  adminEmailListSchema,
  retryEmailResultSchema,
  retryFailedEmailsResultSchema,
  type RetryFailedEmailsResult,
  adminEmailMessages,
  type RetryEmailResult,
  type AdminEmailList,
} from '../../../shared/admin-emails.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { parseId } from '../../http/params.ts';
import { listEmailsNeedingAttention } from './emails-needing-attention.ts';
import { retryEmail } from './retry-email.ts';
import { retryFailedEmails } from './retry-failed-emails.ts';
import { answers } from '../../http/response-schemas.ts';

export function adminEmailRoutes(
  app: FastifyInstance,
  { db, pokeMail }: { db: Db; pokeMail: () => void },
): void {
  app.get(
    '/api/admin/emails',
    { config: { access: 'admin' }, ...answers({ 200: adminEmailListSchema }) },
    async (): Promise<AdminEmailList> => ({ emails: await listEmailsNeedingAttention(db) }),
  );

  app.post(
    '/api/admin/emails/:id/retry',
    { config: { access: 'admin' }, ...answers({ 200: retryEmailResultSchema }) },
    async (req): Promise<RetryEmailResult> => {
      const id = parseId(req.params, adminEmailMessages.notFound);
      const email = await retryEmail(db, currentUser(req), id);
      pokeMail();
      return { message: adminEmailMessages.queued, email };
    },
  );

  app.post(
    '/api/admin/emails/retry-failed',
    { config: { access: 'admin' }, ...answers({ 200: retryFailedEmailsResultSchema }) },
    async (req): Promise<RetryFailedEmailsResult> => {
      const retried = await retryFailedEmails(db, currentUser(req));
      pokeMail();
      return { message: adminEmailMessages.queuedAll(retried), retried };
    },
  );
}
