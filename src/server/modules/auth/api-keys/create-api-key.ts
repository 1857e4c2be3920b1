// A customer makes an API key: a 256-bit random token, shown once; only its SHA-256 hash is kept. The key gets its
// own long-lived row in `sessions`, so the purchase's session check (step 1 of purchase_order) also proves, inside
// the purchase's transaction, that the key was not revoked (docs/decisions/023-reseller-api-keys.md).
import crypto from 'node:crypto';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import {
  apiKeyMessages,
  MAX_API_KEYS,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '../../../../shared/api-keys.ts';
import type { Db } from '../../../db/client.ts';
import { AppError, conflict } from '../../../http/errors.ts';
import { sessions, users } from '../auth.tables.ts';
import { hashToken } from '../sessions.ts';
import { toApiKeyInfo } from './api-key-info.ts';
import { apiKeys } from './api-keys.tables.ts';

/** Keys start with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'rk_';
const PREFIX_SHOWN = API_KEY_PREFIX.length + 6;
/** A key lives until revoked; its session row needs an end, so it is far away. */
const KEY_SESSION_YEARS = 10;

export async function createApiKey(
  db: Db,
  userId: string,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const secret = API_KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    // The owner's row, locked: a burst of creations is counted one at a time against MAX_API_KEYS.
    const [owner] = await tx
      .select({ isAdmin: users.isAdmin, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    if (!owner || owner.deletedAt || owner.isAdmin)
      throw new AppError('FORBIDDEN', 403, 'This page is for customers.');
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNotNull(apiKeys.sessionTokenHash)));
    if ((live?.n ?? 0) >= MAX_API_KEYS) throw conflict(apiKeyMessages.tooMany);
    // The session's token is thrown away: nobody holds it, so no cookie can ever open this session.
    const sessionTokenHash = hashToken(crypto.randomBytes(32).toString('base64url'));
    await tx.insert(sessions).values({
      tokenHash: sessionTokenHash,
      userId,
      forApiKey: true,
      userAgent: `API key ${input.name}`.slice(0, 300),
      expiresAt: sql`now() + make_interval(years => ${KEY_SESSION_YEARS})`,
    });
    const [row] = await tx
      .insert(apiKeys)
      .values({
        userId,
        name: input.name,
        prefix: secret.slice(0, PREFIX_SHOWN),
        tokenHash: hashToken(secret),
        scopes: input.scopes,
        sessionTokenHash,
      })
      .returning();
    return { key: toApiKeyInfo(row!), secret };
  });
}
