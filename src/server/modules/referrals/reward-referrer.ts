// The referrer's reward for a credited top-up, in the credit's own transaction (payments/settle-payment.ts):
// REFERRAL_PERCENT of the top-up, rounded down to whole kobo, for each of the referee's first REFERRAL_MAX_TOPUPS
// credited top-ups, while the programme is on. Exactly once per top-up: the settle credits a payment once (its
// row lock and state), referral_rewards' key is the payment, and the ledger reference 'REF-' + the top-up's
// reference is unique.
import { and, eq } from 'drizzle-orm';
import { referralRewardKobo } from '../../../shared/referrals.ts';
import type { Tx } from '../../db/client.ts';
import { readAccountOrigin } from '../auth/user-devices.ts';
import { postLedgerEntry } from '../wallet/post-ledger-entry.ts';
import { isProgrammeOn, type ReferralTerms } from './referral-terms.ts';
import { referralRewards, referrals } from './referrals.tables.ts';

export type CreditedTopup = { id: string; userId: string; amountKobo: number; reference: string };

export const rewardReference = (topupReference: string) => `REF-${topupReference}`;

/**
 * `creditedTopups` counts the referee's credited top-ups, this one included (the payments module answers it: this
 * module does not read payments). It is asked after the tie's row lock, so two top-ups of one referee settled at
 * once are counted one after the other.
 */
export async function rewardReferrer(
  tx: Tx,
  topup: CreditedTopup,
  terms: ReferralTerms,
  creditedTopups: () => Promise<number>,
): Promise<{ referrerId: string; amountKobo: number } | null> {
  const [tie] = await tx
    .select({ referrerId: referrals.referrerId })
    .from(referrals)
    .where(and(eq(referrals.refereeId, topup.userId), eq(referrals.status, 'tied')))
    .for('update');
  if (!tie || tie.referrerId === topup.userId) return null;
  if (!(await isProgrammeOn(tx))) return null;
  if ((await creditedTopups()) > terms.maxTopups) return null;
  const amountKobo = referralRewardKobo(topup.amountKobo, terms.percent);
  if (amountKobo <= 0) return null;
  // Under the referrer's row lock: an account deleted meanwhile earns nothing (its balance could not be paid out).
  const referrer = await readAccountOrigin(tx, tie.referrerId, { lock: true });
  if (!referrer || referrer.isDeleted) return null;
  const posted = await postLedgerEntry(tx, {
    userId: tie.referrerId,
    type: 'referral_reward',
    amountKobo,
    description: `Referral reward: ${terms.percent}% of a top-up by a customer you referred`,
    reference: rewardReference(topup.reference),
  });
  if (!posted) throw new Error('a credit cannot be refused');
  await tx.insert(referralRewards).values({
    paymentId: topup.id,
    referrerId: tie.referrerId,
    refereeId: topup.userId,
    transactionId: posted.transactionId,
    amountKobo,
  });
  return { referrerId: tie.referrerId, amountKobo };
}
