// Each customer's referral code: 12 random characters (60 bits: not guessable, short enough to type), made the
// first time the customer looks at their link.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_PATTERN } from '../../../shared/referrals.ts';
import type { Db, Tx } from '../../db/client.ts';
import { referralCodes } from './referrals.tables.ts';

const CODE_LENGTH = 12;

export function newReferralCode(): string {
  // 32 letters: each random byte's low five bits pick one without bias.
  return [...crypto.randomBytes(CODE_LENGTH)]
    .map((b) => REFERRAL_CODE_ALPHABET[b % REFERRAL_CODE_ALPHABET.length])
    .join('');
}

/** The customer's code, made now if they had none (two tabs at once agree on one). */
export async function ensureReferralCode(db: Db, userId: string): Promise<string> {
  for (;;) {
    const [held] = await db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.userId, userId));
    if (held) return held.code;
    // Conflicts on the user (another tab made it) or, once in 2^60, on the code: read again, or try another.
    await db
      .insert(referralCodes)
      .values({ userId, code: newReferralCode() })
      .onConflictDoNothing();
  }
}

/** The referrer a code names, or null (unknown or malformed). */
export async function findReferrer(db: Db | Tx, code: string): Promise<string | null> {
  if (!REFERRAL_CODE_PATTERN.test(code)) return null;
  const [row] = await db
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code));
  return row?.userId ?? null;
}
