// Delete my account: the person's data goes (name, e-mail, password, sessions, tokens, their messages and
// e-mails); the user row stays, anonymised, because orders, ledger rows and sold accounts point at it and the
// books must still balance. A remaining balance stays on that row: the store cannot pay it out by itself, so
// the page shows it (with the support contact) first, and deletion refuses if it changed since.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { forgetHitsOf } from '../../http/rate-limit.ts';
import { accountMessages } from '../../../shared/account.ts';
import { RESERVED_EMAIL_TLD } from '../../../shared/auth.ts';
import { emailTokens, recoveryCodes, sessions, userDevices, users } from './auth.tables.ts';
import { forgetMessagesFrom } from '../inbox/forget-sender.ts';
import { forgetEmailsOf } from '../mail/outbox.ts';
import { checkPassword } from './check-password.ts';
import { forgetWebhooksOf } from '../webhooks/remove-webhook.ts';

export const DELETED_NAME = 'Deleted user';
/**
 * The anonymised address: in a domain no sign-up or e-mail change accepts (shared/auth.ts ownEmail), and with a
 * random part, so that no one can hold it in advance (an address taken before that rule) and block the deletion.
 */
export const deletedEmail = (userId: string) =>
  `deleted-${userId}-${crypto.randomBytes(6).toString('hex')}@deleted${RESERVED_EMAIL_TLD}`;

export async function deleteAccount(
  db: Db,
  userId: string,
  input: { password: string; shownBalanceKobo: number },
): Promise<void> {
  await checkPassword(db, userId, input.password);
  await db.transaction(async (tx) => {
    // The row lock makes a purchase or top-up that lands now wait, then see the account gone.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.deletedAt) return;
    if (user.walletBalanceKobo !== input.shownBalanceKobo)
      throw new AppError('BALANCE_CHANGED', 409, accountMessages.balanceChanged);
    await tx
      .update(users)
      .set({
        email: deletedEmail(userId),
        fullName: DELETED_NAME,
        passwordHash: '!deleted',
        isAdmin: false,
        totpSecretEnc: null,
        totpEnabledAt: null,
        emailConfirmedAt: null,
        signupIp: null,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx.delete(userDevices).where(eq(userDevices.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await forgetMessagesFrom(tx, user.email);
    await forgetEmailsOf(tx, userId, user.email);
    await forgetHitsOf(tx, user.email);
    await forgetWebhooksOf(tx, userId);
  });
}
