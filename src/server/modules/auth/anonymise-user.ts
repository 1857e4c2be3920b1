// The identity half of deleting an account: the user row stays (orders, ledger rows and sold accounts point at
// it) but loses the person: name, address, password, two-factor, devices, sessions, tokens and recovery codes.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { accountMessages } from '../../../shared/account.ts';
import { RESERVED_EMAIL_TLD } from '../../../shared/auth.ts';
import { emailTokens, recoveryCodes, sessions, userDevices, users } from './auth.tables.ts';

export const DELETED_NAME = 'Deleted user';
/**
 * The anonymised address: in a domain no sign-up or e-mail change accepts (shared/auth.ts ownEmail), and with a
 * random part, so that no one can hold it in advance (an address taken before that rule) and block the deletion.
 */
export const deletedEmail = (userId: string) =>
  `deleted-${userId}-${crypto.randomBytes(6).toString('hex')}@deleted${RESERVED_EMAIL_TLD}`;

/** Returns the address the person had, or null when the account was already gone. */
export async function anonymiseUser(
  tx: Tx,
  userId: string,
  shownBalanceKobo: number,
): Promise<string | null> {
  // The row lock makes a purchase or top-up that lands now wait, then see the account gone.
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user || user.deletedAt) return null;
  if (user.walletBalanceKobo !== shownBalanceKobo)
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
  return user.email;
}
