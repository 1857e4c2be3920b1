// Every admin change leaves a line in the audit log, written in the same transaction as the change.
import type { Db, Tx } from '../../db/client.ts';
import type { SessionUser } from '../../http/access.ts';
import { auditLog } from './admin.tables.ts';

export async function recordAudit(
  tx: Tx | Db,
  actor: SessionUser,
  action: string,
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
