// The owner's signed-in sessions: device, when it signed in and was last seen, and which one is asking.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { accountMessages, describeDevice, type SessionInfo } from '../../../shared/account.ts';
import { sessions } from './auth.tables.ts';

export async function listSessions(
  db: Db,
  userId: string,
  currentTokenHash: string | null,
): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, new Date()),
        // API keys are listed (and revoked) on their own, not as devices.
        eq(sessions.forApiKey, false),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows
    .map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      isCurrent: s.tokenHash === currentTokenHash,
    }))
    .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
}

/** Ends one of the owner's sessions; someone else's session id is "not found", as it would be if it did not exist. */
export async function endSessionById(db: Db, userId: string, sessionId: string): Promise<void> {
  const ended = await db
    .delete(sessions)
    .where(
      and(eq(sessions.id, sessionId), eq(sessions.userId, userId), eq(sessions.forApiKey, false)),
    )
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound(accountMessages.sessionNotFound);
}
