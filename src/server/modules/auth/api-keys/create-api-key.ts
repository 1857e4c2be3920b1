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
import { AUTH_REQUIRED_MESSAGE } from '../../../http/access.ts';
import { AppError, conflict } from '../../../http/errors.ts';
import { fenced } from '../credential-change.ts';
import { sessions, users } from '../auth.tables.ts';
import { hashToken } from '../sessions.ts';
import { toApiKeyInfo } from './api-key-info.ts';
import { apiKeys } from './api-keys.tables.ts';

/** Keys start with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'rk_';
const PREFIX_SHOWN = API_KEY_PREFIX.length + 6;
/** A key lives until revoked; its session row needs an end, so it is far away. */
const KEY_SESSION_YEARS = 10;

/**
 * callerSession: the token hash of the session asking; the key is granted under that session's credential version,
 * so a credential change that ended the session (or came after it was read) refuses the key (credential-change.ts).
 * Without one (seeding, tests), the account's current version.
 */
export async function createApiKey(
  db: Db,
  userId: string,
  input: CreateApiKeyInput,
  callerSession: string | null = null,
): Promise<CreatedApiKey> {
  const secret = API_KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
  const sessionEnded = () => new AppError('UNAUTHENTICATED', 401, AUTH_REQUIRED_MESSAGE);
  const create = db.transaction(async (tx) => {
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
    let credentialVersion: number | null = null;
    if (callerSession) {
      const [caller] = await tx
        .select({ version: sessions.credentialVersion })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, callerSession), eq(sessions.userId, userId)));
      if (!caller) throw sessionEnded();
      credentialVersion = caller.version;
    }
    // The session's token is thrown away: nobody holds it, so no cookie can ever open this session.
    const sessionTokenHash = hashToken(crypto.randomBytes(32).toString('base64url'));
    await tx.insert(sessions).values({
      tokenHash: sessionTokenHash,
      userId,
      forApiKey: true,
      userAgent: `API key ${input.name}`.slice(0, 300),
      expiresAt: sql`now() + make_interval(years => ${KEY_SESSION_YEARS})`,
      credentialVersion,
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
  return fenced(create, sessionEnded);
}
