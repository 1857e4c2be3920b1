// Step-up: money actions (balance adjustment, refund) and revealing stock credentials ask for a fresh code.
// A right code marks the session (sessions.step_up_at); the mark is good for STEP_UP_VALID_MS, for that
// session only. Routes declare it (config.stepUp) and http/access.ts checks it before the handler runs.
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { SessionUser } from '../../../http/access.ts';
import type { CredentialCipher } from '../../stock/credential-cipher.ts';
import { STEP_UP_VALID_MS, twoFactorMessages } from '../../../../shared/two-factor.ts';
import { sessions, users } from '../auth.tables.ts';
import { fenced } from '../credential-change.ts';
import { verifySecondFactor, wrongCode } from './verify-second-factor.ts';

export async function stepUp(
  db: Db,
  cipher: CredentialCipher,
  userId: string,
  sessionTokenHash: string,
  code: string,
): Promise<void> {
  // The version the code is checked under: a credential change landing before the mark refuses it.
  const [user] = await db
    .select({ version: users.credentialVersion })
    .from(users)
    .where(eq(users.id, userId));
  await verifySecondFactor(db, cipher, userId, code);
  await fenced(markSteppedUp(db, userId, sessionTokenHash, user?.version ?? null), wrongCode);
}

/**
 * Marks the session stepped up, under `credentialVersion` (refused by the database when it moved). The account's
 * row is shared first, so the lock order is the credential change's (account, then sessions): no deadlock.
 */
export async function markSteppedUp(
  db: Db,
  userId: string,
  sessionTokenHash: string,
  credentialVersion: number | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('share');
    await tx
      .update(sessions)
      .set({ stepUpAt: new Date(), credentialVersion })
      .where(and(eq(sessions.tokenHash, sessionTokenHash), eq(sessions.userId, userId)));
  });
}

/**
 * Throws STEP_UP_REQUIRED unless this session proved a code within STEP_UP_VALID_MS. An account without
 * two-factor sign-in has no code to give: outside production it passes (in production an admin without it is
 * stopped at every admin route before this, access.ts).
 */
export async function assertSteppedUp(
  db: Db,
  user: SessionUser,
  sessionTokenHash: string | null,
): Promise<void> {
  if (!user.twoFactor) return;
  const since = new Date(Date.now() - STEP_UP_VALID_MS);
  const [fresh] = sessionTokenHash
    ? await db
        .select({ at: sessions.stepUpAt })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, sessionTokenHash), gt(sessions.stepUpAt, since)))
    : [];
  if (!fresh) throw new AppError('STEP_UP_REQUIRED', 403, twoFactorMessages.stepUpRequired);
}
