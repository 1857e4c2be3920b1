// Who is calling /api/v1: the Bearer key's owner, if the key is live (its session exists and has not ended), the
// owner is a customer (never an admin) and not deleted. Each key has its own rate limit, counted in PostgreSQL.
// Like a cookie session (sessions.ts), a key read a moment ago is remembered, by the one credential cache
// (http/remembered-credentials.ts), for the purchase only, whose verb checks the key's session again inside its
// own transaction, so a revoked key buys nothing even when answered from memory.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { apiKeyMessages, type ApiKeyScope } from '../../../../shared/api-keys.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { createWindowedLimiter } from '../../../http/rate-limit.ts';
import { rememberCredentials } from '../../../http/remembered-credentials.ts';
import { sessions, users } from '../auth.tables.ts';
import { hashToken } from '../sessions.ts';
import { apiKeys } from './api-keys.tables.ts';

// "Last used" is written at most once a minute per key, so reading costs no write each time.
const LAST_USED_EVERY_MS = 60_000;
const BEARER = /^Bearer ([A-Za-z0-9_-]{1,100})$/;
// RFC 6750 §3: a 401 names the scheme it wants; a key that was sent but is not good also says so.
const noKey = () =>
  new AppError('UNAUTHENTICATED', 401, apiKeyMessages.keyMissing, { 'www-authenticate': 'Bearer' });
const badKey = () =>
  new AppError('UNAUTHENTICATED', 401, apiKeyMessages.keyInvalid, {
    'www-authenticate': 'Bearer error="invalid_token"',
  });

export function createApiKeyLoader(db: Db, requestsPerMinute: number) {
  const lookup = db
    .select({
      id: apiKeys.id,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      sessionTokenHash: sessions.tokenHash,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      isAdmin: users.isAdmin,
    })
    .from(apiKeys)
    .innerJoin(sessions, eq(sessions.tokenHash, apiKeys.sessionTokenHash))
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(
      and(
        eq(apiKeys.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('api_key_lookup');

  const consumeLimit = createWindowedLimiter(db);
  type Key = Awaited<ReturnType<typeof lookup.execute>>[number];
  const read = rememberCredentials<Key>();
  const readKey = async (tokenHash: string, now: Date) =>
    (await lookup.execute({ tokenHash, now }))[0];

  return async (req: FastifyRequest, scope: ApiKeyScope): Promise<void> => {
    const header = req.headers.authorization;
    if (!header) throw noKey();
    const match = BEARER.exec(header);
    if (!match) throw badKey();
    const key = await read(req, hashToken(match[1]!), readKey);
    // An admin's key (made while a customer, then promoted) opens nothing: keys are for customers only.
    if (!key || key.isAdmin) throw badKey();
    if (!key.scopes.includes(scope))
      throw new AppError('FORBIDDEN', 403, apiKeyMessages.scopeMissing(scope));
    await consumeLimit(
      { bucket: `api-key:${key.id}`, max: requestsPerMinute, windowMs: 60_000 },
      apiKeyMessages.rateLimited(requestsPerMinute),
    );
    if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
      key.lastUsedAt = new Date();
      await db.update(apiKeys).set({ lastUsedAt: key.lastUsedAt }).where(eq(apiKeys.id, key.id));
    }
    req.user = {
      id: key.userId,
      email: key.email,
      fullName: key.fullName,
      isAdmin: false,
      twoFactor: false,
    };
    req.sessionTokenHash = key.sessionTokenHash;
    req.apiKeyId = key.id;
  };
}
