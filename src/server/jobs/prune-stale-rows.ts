// Housekeeping: deletes expired sessions and rate-limit hits older than any limit's window, so neither table
// grows forever. Runs at most once per interval across all processes (claimJobRun).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { pruneOldHits } from '../http/rate-limit.ts';
import { deleteExpiredSessions } from '../modules/auth/sessions.ts';
import { claimJobRun } from './claim-job-run.ts';

export const PRUNE_JOB = 'prune-stale-rows';
export const PRUNE_EVERY_MS = 3600_000;

export type PruneResult = { ran: false } | { ran: true; sessions: number; rateLimitHits: number };

export async function pruneStaleRows(
  db: Db,
  log: FastifyBaseLogger,
  everyMs = PRUNE_EVERY_MS,
): Promise<PruneResult> {
  if (!(await claimJobRun(db, PRUNE_JOB, everyMs))) return { ran: false };
  const sessions = await deleteExpiredSessions(db);
  const rateLimitHits = await pruneOldHits(db);
  log.info(
    { job: PRUNE_JOB, sessions, rateLimitHits },
    'pruned expired sessions and old rate-limit hits',
  );
  return { ran: true, sessions, rateLimitHits };
}
