// Turning two-factor sign-in off: by its owner with a code (customers; admins in production must keep it), or by
// the server's operator (`npm run admin -- EMAIL --reset-2fa`) when the phone and the recovery codes are lost.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { CredentialCipher } from '../../stock/credential-cipher.ts';
import { twoFactorMessages } from '../../../../shared/two-factor.ts';
import { recoveryCodes, users } from '../auth.tables.ts';
import { afterCredentialChange } from '../credential-change.ts';
import { verifySecondFactor } from './verify-second-factor.ts';

/** Clears the secret and the recovery codes, and ends every session of the account (a credential change). */
export async function removeTwoFactor(
  tx: Db | Tx,
  userId: string,
  keepSession: string | null = null,
) {
  await tx
    .update(users)
    .set({ totpSecretEnc: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await afterCredentialChange(tx, userId, keepSession);
}

export async function disableTwoFactor(
  db: Db,
  cipher: CredentialCipher,
  user: { id: string; isAdmin: boolean },
  sessionTokenHash: string | null,
  code: string,
  adminsMustKeepIt: boolean,
): Promise<void> {
  if (user.isAdmin && adminsMustKeepIt)
    throw new AppError('TWO_FACTOR_REQUIRED', 403, twoFactorMessages.requiredCannotDisable);
  await verifySecondFactor(db, cipher, user.id, code);
  await db.transaction((tx) => removeTwoFactor(tx, user.id, sessionTokenHash));
}
