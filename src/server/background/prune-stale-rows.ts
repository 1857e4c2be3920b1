// Housekeeping: deletes expired sessions, rate-limit hits older than any limit's window, webhook deliveries
// delivered a month ago and owner alerts sent more than 30 days ago, so no such table grows forever. Runs at most
// once per interval across all processes (claimJobRun).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { pruneOldHits } from '../http/rate-limit.ts';
import { pruneOldAlerts } from '../modules/alerts/prune-alerts.ts';
import { deleteExpiredSessions } from '../modules/auth/sessions.ts';
import { pruneDeliveredWebhooks } from '../modules/webhooks/remove-webhook.ts';
import { claimJobRun } from '../jobs/claim-job-run.ts';

export const PRUNE_JOB = 'prune-stale-rows';
export const PRUNE_EVERY_MS = 3600_000;

export type PruneResult =
  | { ran: false }
  | {
      ran: true;
      sessions: number;
      rateLimitHits: number;
      webhookDeliveries: number;
      ownerAlerts: number;
    };

export async function pruneStaleRows(
  db: Db,
  log: FastifyBaseLogger,
  everyMs = PRUNE_EVERY_MS,
): Promise<PruneResult> {
  if (!(await claimJobRun(db, PRUNE_JOB, everyMs))) return { ran: false };
  const sessions = await deleteExpiredSessions(db);
  const rateLimitHits = await pruneOldHits(db);
  const webhookDeliveries = await pruneDeliveredWebhooks(db);
  const ownerAlerts = await pruneOldAlerts(db);
  log.info(
    { job: PRUNE_JOB, sessions, rateLimitHits, webhookDeliveries, ownerAlerts },
    'pruned expired sessions, old rate-limit hits, old webhook deliveries and old owner alerts',
  );
  return { ran: true, sessions, rateLimitHits, webhookDeliveries, ownerAlerts };
}
