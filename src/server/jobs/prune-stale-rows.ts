// Housekeeping: deletes expired sessions, rate-limit hits older than any limit's window, and owner alerts sent
// more than 30 days ago, so none of these tables grows forever. Runs at most once per interval across all processes (claimJobRun).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { pruneOldHits } from '../http/rate-limit.ts';
import { pruneOldAlerts } from '../modules/alerts/prune-alerts.ts';
import { deleteExpiredSessions } from '../modules/auth/sessions.ts';
import { claimJobRun } from './claim-job-run.ts';

export const PRUNE_JOB = 'prune-stale-rows';
export const PRUNE_EVERY_MS = 3600_000;

export type PruneResult =
  { ran: false } | { ran: true; sessions: number; rateLimitHits: number; ownerAlerts: number };

export async function pruneStaleRows(
  db: Db,
  log: FastifyBaseLogger,
  everyMs = PRUNE_EVERY_MS,
): Promise<PruneResult> {
  if (!(await claimJobRun(db, PRUNE_JOB, everyMs))) return { ran: false };
  const sessions = await deleteExpiredSessions(db);
  const rateLimitHits = await pruneOldHits(db);
  const ownerAlerts = await pruneOldAlerts(db);
  log.info(
    { job: PRUNE_JOB, sessions, rateLimitHits, ownerAlerts },
    'pruned expired sessions, old rate-limit hits and old owner alerts',
  );
  return { ran: true, sessions, rateLimitHits, ownerAlerts };
}
