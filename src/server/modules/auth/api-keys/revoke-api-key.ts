// Revokes a key (its owner, or an admin for any customer): the key's session goes in the same transaction, so a
// purchase already past the door with this key is refused by its own session check (purchase_order step 1).
import { and, eq } from 'drizzle-orm';
import { apiKeyMessages, type ApiKeyInfo } from '../../../../shared/api-keys.ts';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../http/errors.ts';
import { sessions } from '../auth.tables.ts';
import { recordAudit, type AuditActor } from '../../audit/record-audit.ts';
import { toApiKeyInfo } from './api-key-info.ts';
import { apiKeys } from './api-keys.tables.ts';

/** ownerId: the owner revoking their own key (another's key is "not found"); null for an admin (audited). */
export async function revokeApiKey(
  db: Db,
  keyId: string,
  by: { ownerId: string } | { admin: AuditActor },
): Promise<ApiKeyInfo> {
  return db.transaction(async (tx) => {
    const [key] = await tx
      .select()
      .from(apiKeys)
      .where(
        and(eq(apiKeys.id, keyId), 'ownerId' in by ? eq(apiKeys.userId, by.ownerId) : undefined),
      )
      .for('update');
    if (!key) throw notFound(apiKeyMessages.notFound);
    if (key.sessionTokenHash)
      await tx.delete(sessions).where(eq(sessions.tokenHash, key.sessionTokenHash));
    const [row] = await tx
      .update(apiKeys)
      .set({ sessionTokenHash: null, revokedAt: key.revokedAt ?? new Date() })
      .where(eq(apiKeys.id, keyId))
      .returning();
    if ('admin' in by && !key.revokedAt)
      await recordAudit(
        tx,
        by.admin,
        'api_key.revoke',
        { type: 'api_key', id: keyId },
        {
          userId: key.userId,
          name: key.name,
        },
      );
    return toApiKeyInfo(row!);
  });
}
