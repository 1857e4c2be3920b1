// THE rule for credentials, stated once: after any password change, password reset or e-mail change, every
// outstanding one-time token of the account (reset, e-mail change, confirmation) is void, every pending
// two-factor sign-in is dropped, and every other session ends. Whoever held a link, a half-finished sign-in or
// a session from before the change holds nothing after it. Each credential change calls this in its own
// transaction (change-password.ts, reset-password.ts, change-email.ts, cli/admin.ts); the pairs are tested in
// credential-change.test.ts.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { signInChallenges } from './auth.tables.ts';
import { voidEmailTokens } from './email-tokens.ts';
import { endUserSessions } from './sessions.ts';

/** keepSession: the token hash of the session that made the change (it stays signed in), or null for none. */
export async function afterCredentialChange(
  tx: Db | Tx,
  userId: string,
  keepSession: string | null,
): Promise<void> {
  await voidEmailTokens(tx, userId);
  await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
  await endUserSessions(tx, userId, keepSession);
}
