// THE rule for credentials, stated once. A credential change (password change or reset, e-mail change, admin
// invitation, two-factor sign-in turned on or off) first bumps the account's credential version, which locks its
// row; then every outstanding one-time token of the account (reset, e-mail change, confirmation) is void, every
// pending two-factor sign-in is dropped, and every other session (an API key's too) ends; the session kept loses
// its step-up. Every grant carries the version it was granted under: a session and its step-up, a pending
// two-factor sign-in, an API key's session, an e-mail token; the database refuses the grant at insert when the
// version moved (db/functions/29-credential-fence.sql), so whatever the timing, nothing that started before a
// change survives it. A refused grant answers as a wrong or expired credential would. Each change calls
// afterCredentialChange in its own transaction (change-password.ts, reset-password.ts, change-email.ts,
// listed-admins.ts, two-factor/, cli/admin.ts); credential-change.test.ts and credential-fence.test.ts prove it.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sqlStateOf } from '../../db/pg-errors.ts';
import type { AppError } from '../../http/errors.ts';
import { sessions, signInChallenges, users } from './auth.tables.ts';
import { voidEmailTokens } from './email-tokens.ts';
import { endUserSessions } from './sessions.ts';

/** The SQLSTATE credential_fence() raises with. */
export const CREDENTIAL_FENCE_SQLSTATE = 'CF001';

/** Bumps the account's credential version (locking its row until the change commits); returns the new one. */
export async function bumpCredentialVersion(tx: Db | Tx, userId: string): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ credentialVersion: sql`${users.credentialVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ version: users.credentialVersion });
  return row?.version ?? 0;
}

/** keepSession: the token hash of the session that made the change (it stays signed in), or null for none. */
export async function afterCredentialChange(
  tx: Db | Tx,
  userId: string,
  keepSession: string | null,
): Promise<void> {
  // First: from here on a grant that read the old version is refused, and one that got in before is deleted below.
  const version = await bumpCredentialVersion(tx, userId);
  await voidEmailTokens(tx, userId);
  await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
  await endUserSessions(tx, userId, keepSession);
  if (keepSession)
    await tx
      .update(sessions)
      .set({ credentialVersion: version, stepUpAt: null })
      .where(eq(sessions.tokenHash, keepSession));
}

/** Runs a grant; the fence's refusal becomes `refusal` (the answer a wrong or expired credential gets). */
export async function fenced<T>(grant: Promise<T>, refusal: () => AppError): Promise<T> {
  try {
    return await grant;
  } catch (err) {
    if (sqlStateOf(err) === CREDENTIAL_FENCE_SQLSTATE) throw refusal();
    throw err;
  }
}
