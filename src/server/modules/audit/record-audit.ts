// Every admin change leaves a line in the audit log, written in the same transaction as the change: who,
// what (a closed list of actions), on what, before → after (only what changed), and when. The table is
// append-only (a trigger refuses UPDATE, DELETE and TRUNCATE).
import type { AuditAction } from '../../../shared/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog } from './audit.tables.ts';

/** An admin's session, or the command line (no user id) for `npm run admin`. */
export type AuditActor = { id: string | null; email: string };

export async function recordAudit(
  tx: Tx | Db,
  actor: AuditActor,
  action: AuditAction,
  target: { type: string; id: string | null },
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor.id,
    actorEmail: actor.email || 'admin',
    action,
    targetType: target.type,
    targetId: target.id,
    details,
  });
}

/** before → after, keeping only the keys whose value changed (compared as JSON). */
export function changes<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const keys = Object.keys(after).filter(
    (k) => after[k] !== undefined && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])) as Partial<T>,
    after: Object.fromEntries(keys.map((k) => [k, after[k]])) as Partial<T>,
  };
}
