// Forgot password: ask for a reset link (the answer never says whether the address has an account), then set a
// new password with it; the credential rule (credential-change.ts) voids every other link and ends every
// session of the account, and a "password changed" e-mail follows.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { EmailSite } from '../mail/outbox.ts';
import type { Db } from '../../db/client.ts';
import type { AfterAnswer } from '../../http/after-answer.ts';
import { AppError } from '../../http/errors.ts';
import { consumeLimit, consumeLimits } from '../../http/rate-limit.ts';
import { accountMessages } from '../../../shared/account.ts';
import { authMessages } from '../../../shared/auth.ts';
import { users } from './auth.tables.ts';
import { issueEmailToken, redeemEmailToken } from './email-tokens.ts';
import { hashPassword } from './password.ts';
import { afterCredentialChange } from './credential-change.ts';
import { grantAdminIfListed } from './listed-admins.ts';
import { sendPasswordChanged, sendResetLink } from './account-emails.ts';

const MINUTE = 60_000;
export const RESET_TOKEN_TTL_MS = 60 * MINUTE;
/** Per client and per address, counted whether or not the address has an account (so the limit reveals nothing). */
export const forgotLimits = (ip: string, email: string) => [
  { bucket: `forgot:ip:${ip}`, max: 10, windowMs: 15 * MINUTE },
  { bucket: `forgot:email:${email}`, max: 3, windowMs: 15 * MINUTE },
];

/**
 * Counts the request against the limits (their 429 is the same for every address), then leaves the lookup, the
 * token and the e-mail to `later`, which runs them after the answer: known and unknown addresses answer alike.
 */
export async function requestPasswordReset(
  db: Db,
  config: Config & EmailSite,
  email: string,
  ip: string,
  later: AfterAnswer,
  pokeMail: () => void,
): Promise<void> {
  await consumeLimits(db, forgotLimits(ip, email), authMessages.tooManyAttempts);
  later.run('password-reset-link', async () => {
    if (await sendResetLinkIfAccount(db, config, email)) pokeMail();
  });
}

async function sendResetLinkIfAccount(
  db: Db,
  config: Config & EmailSite,
  email: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // FOR SHARE: an account deletion landing now waits, or is seen (no link then for a deleted account).
    const [user] = await tx
      .select({ id: users.id, email: users.email, fullName: users.fullName })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .for('share');
    if (!user) return false;
    const token = await issueEmailToken(tx, user.id, 'reset_password', RESET_TOKEN_TTL_MS);
    await sendResetLink(tx, config, user, token);
    return true;
  });
}

export async function resetPassword(
  db: Db,
  config: Config & EmailSite,
  input: { token: string; newPassword: string },
  ip: string,
): Promise<void> {
  // Guessing a 256-bit token is hopeless; the limit keeps a prober from using us as a hashing service.
  await consumeLimit(
    db,
    { bucket: `reset:ip:${ip}`, max: 20, windowMs: 15 * MINUTE },
    authMessages.tooManyAttempts,
  );
  const passwordHash = await hashPassword(input.newPassword);
  const done = await db.transaction(async (tx) => {
    const row = await redeemEmailToken(tx, input.token, 'reset_password');
    if (!row) return false;
    // Opening the link proves the address, so an unconfirmed account is confirmed too.
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, row.userId), isNull(users.deletedAt)))
      .returning({ id: users.id, email: users.email, fullName: users.fullName });
    if (!user) return false;
    await afterCredentialChange(tx, user.id, null);
    // The password was set through a link mailed to the address: if it is an ADMIN_EMAILS one, the account is
    // admin now (listed-admins.ts).
    await grantAdminIfListed(tx, config, user);
    await sendPasswordChanged(tx, config, user);
    return true;
  });
  if (!done) throw new AppError('RESET_LINK_INVALID', 400, accountMessages.resetLinkInvalid);
}
