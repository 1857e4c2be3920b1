// Change the e-mail address: a link goes to the new address and the change happens only when it is opened;
// then the old address is told, and the credential rule (credential-change.ts) voids every other link and ends
// the other sessions. Moving to an ADMIN_EMAILS address gives no rights (listed-admins.ts).
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { EmailSite } from '../mail/outbox.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { AppError } from '../../http/errors.ts';
import { consumeLimit } from '../../http/rate-limit.ts';
import { accountMessages } from '../../../shared/account.ts';
import { authMessages } from '../../../shared/auth.ts';
import { users } from './auth.tables.ts';
import { issueEmailToken, redeemEmailToken } from './email-tokens.ts';
import { sendEmailChangedNotice, sendEmailChangeLink } from './account-emails.ts';
import { checkPassword } from './check-password.ts';
import { afterCredentialChange, fenced } from './credential-change.ts';
import { inviteIfListed } from './listed-admins.ts';

const EMAIL_CHANGE_TTL_MS = 24 * 3600_000;
const emailTaken = () => new AppError('EMAIL_TAKEN', 409, accountMessages.emailTaken);

export async function requestEmailChange(
  db: Db,
  config: Config & EmailSite,
  userId: string,
  input: { newEmail: string; currentPassword: string },
): Promise<void> {
  const user = await checkPassword(db, userId, input.currentPassword);
  if (user.email === input.newEmail)
    throw new AppError('VALIDATION_FAILED', 400, accountMessages.emailSame);
  // Each link is an e-mail to an address of the user's choosing: a few per hour.
  await consumeLimit(
    db,
    { bucket: `email-change:user:${userId}`, max: 5, windowMs: 3600_000 },
    authMessages.tooManyAttempts,
  );
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.newEmail), ne(users.id, userId)));
  if (other) throw emailTaken();
  const issue = db.transaction(async (tx) => {
    const token = await issueEmailToken(
      tx,
      userId,
      'change_email',
      EMAIL_CHANGE_TTL_MS,
      input.newEmail,
      user.credentialVersion,
    );
    await sendEmailChangeLink(tx, config, user, input.newEmail, token);
  });
  // The password was checked under a credential version: a change since then refuses the link, as a wrong password.
  await fenced(
    issue,
    () => new AppError('WRONG_PASSWORD', 400, accountMessages.currentPasswordWrong),
  );
}

/** keepSession: the session of the browser that opened the link, kept if it is the account's own. */
export async function confirmEmailChange(
  db: Db,
  config: Config & EmailSite,
  token: string,
  keepSession: string | null,
): Promise<{ email: string }> {
  try {
    return await db.transaction(async (tx) => {
      const row = await redeemEmailToken(tx, token, 'change_email');
      if (!row?.newEmail)
        throw new AppError('EMAIL_CHANGE_INVALID', 400, accountMessages.emailChangeInvalid);
      const [before] = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, row.userId), isNull(users.deletedAt)))
        .for('update');
      if (!before)
        throw new AppError('EMAIL_CHANGE_INVALID', 400, accountMessages.emailChangeInvalid);
      const [after] = await tx
        .update(users)
        .set({ email: row.newEmail, emailConfirmedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, row.userId))
        .returning({
          id: users.id,
          email: users.email,
          fullName: users.fullName,
          isAdmin: users.isAdmin,
        });
      await afterCredentialChange(tx, row.userId, keepSession);
      await inviteIfListed(tx, config, after!);
      await sendEmailChangedNotice(tx, config, after!, before.email);
      return { email: after!.email };
    });
  } catch (err) {
    // Someone registered the address after the link was sent: the link is spent, the address is not ours.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}
