// Checks a second-factor code: a TOTP code is accepted once (its step must be newer than the last accepted one,
// so a code seen over a shoulder cannot be replayed), a recovery code is spent in the same statement that finds it.
import crypto from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { CredentialCipher } from '../../stock/credential-cipher.ts';
import { twoFactorMessages } from '../../../../shared/two-factor.ts';
import { recoveryCodes, users } from '../auth.tables.ts';
import { giveBackSlot, takeSecondFactorSlot, type CodeOrigin } from './second-factor-attempts.ts';
import { matchTotpStep } from './totp.ts';

export const hashRecoveryCode = (code: string) =>
  crypto.createHash('sha256').update(code).digest('hex');

export const wrongCode = () =>
  new AppError('SECOND_FACTOR_WRONG', 400, twoFactorMessages.wrongCode);

/**
 * Throws SECOND_FACTOR_WRONG (counted) or RATE_LIMITED unless `code` is a right code of the account.
 * pendingSecret: checks the code against the secret being enrolled instead of the enrolled one.
 */
export async function verifySecondFactor(
  db: Db,
  cipher: CredentialCipher,
  userId: string,
  code: string,
  {
    pendingSecret = false,
    from = null,
  }: { pendingSecret?: boolean; from?: CodeOrigin | null } = {},
): Promise<void> {
  const slot = await takeSecondFactorSlot(db, userId, from);
  const outcome = /^\d{6}$/.test(code)
    ? await acceptTotp(db, cipher, userId, code, pendingSecret)
    : !pendingSecret && (await spendRecoveryCode(db, userId, code))
      ? 'ok'
      : 'wrong';
  // A replayed code is counted like a wrong one; its message tells an honest user to wait for the next.
  if (outcome === 'used')
    throw new AppError('SECOND_FACTOR_WRONG', 400, twoFactorMessages.codeUsed);
  if (outcome === 'wrong') throw wrongCode();
  await giveBackSlot(db, slot);
}

async function acceptTotp(
  db: Db,
  cipher: CredentialCipher,
  userId: string,
  code: string,
  pendingSecret: boolean,
): Promise<'ok' | 'wrong' | 'used'> {
  const [user] = await db
    .select({ sealed: users.totpSecretEnc, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.sealed || (user.enabledAt === null) !== pendingSecret) return 'wrong';
  const step = matchTotpStep(cipher.decrypt(user.sealed), code);
  if (step === null) return 'wrong';
  // One statement: of two requests with the same code, one moves the step and the other finds it taken.
  const moved = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        pendingSecret ? isNull(users.totpEnabledAt) : isNotNull(users.totpEnabledAt),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return moved.length === 1 ? 'ok' : 'used';
}

async function spendRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}
