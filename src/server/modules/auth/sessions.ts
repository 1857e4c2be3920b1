// Server-side sessions: a random token in an httpOnly cookie; only its SHA-256 hash is stored.
import crypto from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { SessionUser } from '../../http/access.ts';
import { rememberCredentials } from '../../http/remembered-credentials.ts';
import { sessions, signInChallenges, users } from './auth.tables.ts';

export function sessionCookieName(config: Config): string {
  // __Host- binds the cookie to our exact origin over HTTPS.
  return config.isProduction ? '__Host-sid' : 'sid';
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Writes a new session granted under `credentialVersion` (the account's version when its credential was checked;
 * null: the current one) and returns its token; the database refuses it if a credential change came in between.
 */
export async function insertSession(
  db: Db | Tx,
  config: Config,
  userId: string,
  credentialVersion: number | null,
  userAgent = '',
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.SESSION_TTL_HOURS * 3600_000);
  // The device name in the owner's session list comes from this; 300 characters name any browser.
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    userAgent: userAgent.slice(0, 300),
    credentialVersion,
  });
  return { token, expiresAt };
}

/** A new session (a new token at every sign-in), set as the cookie on the reply. */
export async function startSession(
  db: Db,
  config: Config,
  reply: FastifyReply,
  userId: string,
  credentialVersion: number | null,
  userAgent = '',
): Promise<string> {
  const { token, expiresAt } = await insertSession(
    db,
    config,
    userId,
    credentialVersion,
    userAgent,
  );
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    path: '/',
    expires: expiresAt,
  });
  return token;
}

export async function endSession(
  db: Db,
  config: Config,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (req.sessionTokenHash)
    await db.delete(sessions).where(eq(sessions.tokenHash, req.sessionTokenHash));
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
  });
}

/** Ends every session of a user, except the one with keepTokenHash when given (the device asking). */
export async function endUserSessions(
  db: Db | Tx,
  userId: string,
  keepTokenHash: string | null = null,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined,
      ),
    );
}

// "Last seen" is written at most once per interval per session, so reading pages costs no write each time.
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** Resolves req.user from the cookie; an unknown or expired token is simply anonymous. */
export function createSessionLoader(db: Db, config: Config) {
  const cookieName = sessionCookieName(config);
  // Every signed-in request runs it: a named prepared statement, so each connection parses and plans it once.
  const lookup = db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      isAdmin: users.isAdmin,
      totpEnabledAt: users.totpEnabledAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // An API key's session has no cookie (its token was never kept); refused here all the same.
        eq(sessions.forApiKey, false),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
  // Remembered for the purchase only (http/remembered-credentials.ts), as API keys are.
  const read = rememberCredentials<SessionUser & { lastSeenAt: Date; expiresAt: Date }>();
  const readSession = async (tokenHash: string, now: Date) => {
    const [row] = await lookup.execute({ tokenHash, now });
    return row && { ...row, twoFactor: row.totpEnabledAt !== null };
  };

  return async (req: FastifyRequest): Promise<void> => {
    const token = req.cookies[cookieName];
    if (!token || token.length > 100) return;
    const tokenHash = hashToken(token);
    const session = await read(req, tokenHash, readSession);
    if (!session) return;
    if (Date.now() - session.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
      session.lastSeenAt = new Date();
      await db
        .update(sessions)
        .set({ lastSeenAt: session.lastSeenAt })
        .where(eq(sessions.tokenHash, tokenHash));
    }
    const { id, email, fullName, isAdmin, twoFactor } = session;
    req.user = { id, email, fullName, isAdmin, twoFactor };
    req.sessionTokenHash = tokenHash;
  };
}

/** Deletes expired sessions (returns how many) and expired sign-ins that never got their second-factor code. */
export async function deleteExpiredSessions(db: Db): Promise<number> {
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, new Date()));
  const { rowCount } = await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  return rowCount ?? 0;
}
