// Is a reset link still good? Asked when the page opens, so a used, expired or made-up link says so at once
// instead of after the new password was typed twice. Reads only: the token is spent by the reset itself.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consumeLimit } from '../../http/rate-limit.ts';
import { authMessages } from '../../../shared/auth.ts';
import { emailTokens, users } from './auth.tables.ts';
import { hashToken } from './sessions.ts';

const MINUTE = 60_000;

export async function checkResetLink(db: Db, token: string, ip: string): Promise<boolean> {
  // Same reasoning as the reset's own limit: guessing is hopeless, but no free lookups in bulk.
  await consumeLimit(
    db,
    { bucket: `reset-check:ip:${ip}`, max: 60, windowMs: 15 * MINUTE },
    authMessages.tooManyAttempts,
  );
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, 'reset_password'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
        isNull(users.deletedAt),
      ),
    );
  return row !== undefined;
}
