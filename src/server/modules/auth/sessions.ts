// Server-side sessions: a random token in an httpOnly cookie; only its SHA-256 hash is stored.
import crypto from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../http/access.ts';
import { sessions, users } from './auth.tables.ts';

export function sessionCookieName(config: Config): string {
  // __Host- binds the cookie to our exact origin over HTTPS.
  return config.isProduction ? '__Host-sid' : 'sid';
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function isAdminUser(user: { email: string; isAdmin: boolean }, config: Config): boolean {
  return user.isAdmin || config.ADMIN_EMAILS.includes(user.email);
}

/** A new session (a new token at every sign-in), set as the cookie on the reply. */
export async function startSession(db: Db, config: Config, reply: FastifyReply, userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.SESSION_TTL_HOURS * 3600_000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    path: '/',
    expires: expiresAt,
  });
  return token;
}

export async function endSession(db: Db, config: Config, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.sessionTokenHash) await db.delete(sessions).where(eq(sessions.tokenHash, req.sessionTokenHash));
  reply.clearCookie(sessionCookieName(config), { path: '/', httpOnly: true, sameSite: 'lax', secure: config.isProduction });
}

/** Resolves req.user from the cookie; an unknown or expired token is simply anonymous. */
export function createSessionLoader(db: Db, config: Config) {
  const cookieName = sessionCookieName(config);
  return async (req: FastifyRequest): Promise<void> => {
    const token = req.cookies[cookieName];
    if (!token || token.length > 100) return;
    const tokenHash = hashToken(token);
    const [row] = await db
      .select({ id: users.id, email: users.email, fullName: users.fullName, isAdmin: users.isAdmin })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
      .limit(1);
    if (!row) return;
    const user: SessionUser = { ...row, isAdmin: isAdminUser(row, config) };
    req.user = user;
    req.sessionTokenHash = tokenHash;
  };
}

export async function deleteExpiredSessions(db: Db): Promise<number> {
  const { rowCount } = await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  return rowCount ?? 0;
}
