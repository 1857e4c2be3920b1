// The programme's terms: the percentage and the cap from configuration, the on/off switch from the database
// (the admin's console), so that every process of the store sees a switch at once.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { referralSettings } from './referrals.tables.ts';

/** REFERRAL_PERCENT and REFERRAL_MAX_TOPUPS (config.ts). */
export type ReferralTerms = { percent: number; maxTopups: number };

/** The programme is on until an admin switches it off. */
export async function isProgrammeOn(db: Db | Tx): Promise<boolean> {
  const [row] = await db
    .select({ isEnabled: referralSettings.isEnabled })
    .from(referralSettings)
    .where(eq(referralSettings.id, true));
  return row?.isEnabled ?? true;
}
