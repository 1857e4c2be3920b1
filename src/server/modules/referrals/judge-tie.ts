// The self-referral rule, written once: when a sign-up through a link is refused, and why.
import type { ReferralRefusal } from '../../../shared/referrals.ts';

export type TieFacts = {
  referrerId: string;
  refereeId: string;
  /** The address the new account signed up from, and the one the referrer signed up from (null: not known). */
  refereeIp: string;
  referrerIp: string | null;
  /** The new account's device already signed up or signed in to another account (the referrer's or anyone's). */
  isDeviceKnown: boolean;
};

/** null: tie them. Otherwise the first rule the sign-up breaks, in this order. */
export function judgeTie(facts: TieFacts): ReferralRefusal | null {
  if (facts.referrerId === facts.refereeId) return 'same_account';
  if (facts.referrerIp !== null && facts.referrerIp === facts.refereeIp) return 'same_address';
  if (facts.isDeviceKnown) return 'known_device';
  return null;
}
