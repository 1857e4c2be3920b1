// The self-referral rule, written once: when a sign-up through a link is refused, and why.
import type { ReferralRefusal } from '../../../shared/referrals.ts';

export type TieFacts = {
  referrerId: string;
  refereeId: string;
  /** The address the new account signed up from, and the one the referrer signed up from (null: not known). */
  refereeIp: string;
  referrerIp: string | null;
  /** Both accounts' e-mail addresses: an alias of the referrer's own (normalisedAddress) is the referrer. */
  refereeEmail: string;
  referrerEmail: string;
  /** The new account's device already signed up or signed in to another account (the referrer's or anyone's). */
  isDeviceKnown: boolean;
};

/** null: tie them. Otherwise the first rule the sign-up breaks, in this order. */
export function judgeTie(facts: TieFacts): ReferralRefusal | null {
  if (
    facts.referrerId === facts.refereeId ||
    normalisedAddress(facts.refereeEmail) === normalisedAddress(facts.referrerEmail)
  )
    return 'same_account';
  if (facts.referrerIp !== null && facts.referrerIp === facts.refereeIp) return 'same_address';
  if (facts.isDeviceKnown) return 'known_device';
  return null;
}

/** Providers that ignore dots in the local part (one mailbox for j.ane and jane). */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches: lower case, without its +tag, without dots where the provider ignores them
 * (googlemail.com is gmail.com). Two addresses with the same mailbox are one person's.
 */
export function normalisedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1).toLowerCase();
  let local = email.slice(0, at).toLowerCase().split('+')[0]!;
  if (DOTLESS_DOMAINS.has(domain)) local = local.replaceAll('.', '');
  return `${local}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}
