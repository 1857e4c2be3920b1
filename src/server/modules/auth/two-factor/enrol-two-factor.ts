// Enrolment from /profile: start (a new secret, sealed with the credentials key, not yet in force), then finish
// with a code from the app, which turns it on, hands out the recovery codes once and ends the account's other
// sessions (they never proved a second factor).
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { encode } from 'uqr';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { CredentialCipher } from '../../stock/credential-cipher.ts';
import {
  RECOVERY_CODE_COUNT,
  twoFactorMessages,
  type TwoFactorSetup,
} from '../../../../shared/two-factor.ts';
import { recoveryCodes, users } from '../auth.tables.ts';
import { checkPassword } from '../check-password.ts';
import { afterCredentialChange } from '../credential-change.ts';
import { hashRecoveryCode, verifySecondFactor } from './verify-second-factor.ts';
import { newTotpSecret, totpUri } from './totp.ts';

const alreadyOn = () => new AppError('TWO_FACTOR_ALREADY_ON', 409, twoFactorMessages.alreadyOn);

/**
 * The current password first: someone holding only a borrowed session must not turn it on and lock the owner
 * out (a password reset does not remove two-factor sign-in).
 */
export async function startTwoFactor(
  db: Db,
  cipher: CredentialCipher,
  user: { id: string; email: string },
  currentPassword: string,
): Promise<TwoFactorSetup> {
  await checkPassword(db, user.id, currentPassword);
  const secret = newTotpSecret();
  const started = await db
    .update(users)
    .set({ totpSecretEnc: cipher.encrypt(secret), totpLastStep: null })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (started.length === 0) throw alreadyOn();
  const uri = totpUri(secret, user.email);
  return { secret, uri, qr: encode(uri, { border: 2 }).data };
}

/** xxxxx-xxxxx from an alphabet without look-alikes: 50 bits each. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export async function finishTwoFactor(
  db: Db,
  cipher: CredentialCipher,
  userId: string,
  sessionTokenHash: string | null,
  code: string,
): Promise<string[]> {
  const [user] = await db
    .select({ sealed: users.totpSecretEnc, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.enabledAt) throw alreadyOn();
  if (!user?.sealed)
    throw new AppError('TWO_FACTOR_NOT_STARTED', 409, twoFactorMessages.notStarted);
  await verifySecondFactor(db, cipher, userId, code, { pendingSecret: true });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    const turnedOn = await tx
      .update(users)
      .set({ totpEnabledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (turnedOn.length === 0) throw alreadyOn();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
    // Turning it on is a credential change: the other sessions never proved a second factor.
    await afterCredentialChange(tx, userId, sessionTokenHash);
  });
  return codes;
}
