// Referral rewards' contract: the refusal reasons (a closed union), the link's shape, and the answers of
// GET /api/referrals and the admin's referral routes. The rules themselves: docs/GUARANTEES.md, "Referrals".
import { z } from 'zod';
import { koboSchema, timestampSchema } from './answer-parts.ts';

/** The path of a customer's referral link: /r/CODE. */
export const REFERRAL_PATH_PREFIX = '/r/';
/** A referral code: 12 characters of a 32-letter alphabet (a-z and 2-9 without l, o: 60 random bits). */
export const REFERRAL_CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export const REFERRAL_CODE_PATTERN = /^[a-km-np-z2-9]{12}$/;

/**
 * Why a sign-up through a link was not tied to its referrer (recorded, so the admin sees it):
 * same_account: the link is the new account's own (or its address is an alias of the referrer's: judge-tie.ts); same_address: the new account signed up from the address the
 * referrer signed up from; known_device: the device (first-party cookie) already signed up or signed in to
 * another account.
 */
export const REFERRAL_REFUSALS = ['same_account', 'same_address', 'known_device'] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSALS)[number];
export const referralRefusalLabels: Record<ReferralRefusal, string> = {
  same_account: 'Refused: the link is their own',
  same_address: 'Refused: signed up from the referrer’s sign-up address',
  known_device: 'Refused: signed up on a device already used by another account',
};

export const referralMessages = {
  copied: 'Referral link copied!',
  programmeOff: 'The referral programme is switched off: new sign-ups and top-ups earn nothing.',
  switchedOn: 'Referral programme switched on.',
  switchedOff: 'Referral programme switched off.',
} as const;

/** GET /api/referrals: the customer's link and what it earned. */
export const myReferralsSchema = z.object({
  isEnabled: z.boolean(),
  link: z.string(),
  code: z.string(),
  /** Sign-ups tied to this customer (refused ones are not counted). */
  referralCount: z.number().int(),
  earnedKobo: koboSchema,
  /** The terms in force: the percentage of each of a referee's first maxTopups credited top-ups. */
  percent: z.number(),
  maxTopups: z.number().int(),
});
export type MyReferrals = z.infer<typeof myReferralsSchema>;

/** GET and PUT /api/admin/referrals/settings */
export const referralSettingsSchema = z.object({
  isEnabled: z.boolean(),
  percent: z.number(),
  maxTopups: z.number().int(),
  updatedAt: timestampSchema.nullable(),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;
export const switchReferralsSchema = z.object({ isEnabled: z.boolean() });

export const adminReferralSchema = z.object({
  refereeId: z.string(),
  refereeEmail: z.string(),
  status: z.enum(['tied', 'refused']),
  refusal: z.enum(REFERRAL_REFUSALS).nullable(),
  rewardedTopups: z.number().int(),
  earnedKobo: koboSchema,
  createdAt: timestampSchema,
});
export type AdminReferral = z.infer<typeof adminReferralSchema>;
/** A customer's referral figures, as the Users tab lists them. */
export const referralFiguresSchema = z.object({
  referralCount: z.number().int(),
  earnedKobo: koboSchema,
});
export type ReferralFigures = z.infer<typeof referralFiguresSchema>;
/** The user detail's referral part: whom they brought (and who was refused, and why), and who brought them. */
export const adminUserReferralsSchema = referralFiguresSchema.extend({
  referredBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  referrals: z.array(adminReferralSchema),
});
export type AdminUserReferrals = z.infer<typeof adminUserReferralsSchema>;

/**
 * The reward for one credited top-up: `percent` of it, rounded DOWN to whole kobo (the store never pays a
 * fraction of a kobo more than the stated percentage). percent has at most two decimals (basis points).
 */
export function referralRewardKobo(topupKobo: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((topupKobo * basisPoints) / 10_000);
}
