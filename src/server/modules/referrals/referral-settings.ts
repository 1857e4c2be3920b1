// The admin's switch of the referral programme (Payments tab): off means no new ties and no new rewards;
// ties and rewards made before stay. Each switch is audited.
import { eq } from 'drizzle-orm';
import type { ReferralSettings } from '../../../shared/referrals.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { ReferralTerms } from './referral-terms.ts';
import { referralSettings } from './referrals.tables.ts';

export async function readReferralSettings(
  db: Db,
  terms: ReferralTerms,
): Promise<ReferralSettings> {
  const [row] = await db.select().from(referralSettings).where(eq(referralSettings.id, true));
  return {
    isEnabled: row?.isEnabled ?? true,
    percent: terms.percent,
    maxTopups: terms.maxTopups,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function switchReferrals(
  db: Db,
  actor: AuditActor,
  isEnabled: boolean,
  terms: ReferralTerms,
): Promise<ReferralSettings> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isEnabled: referralSettings.isEnabled })
      .from(referralSettings)
      .where(eq(referralSettings.id, true))
      .for('update');
    const now = new Date();
    await tx
      .insert(referralSettings)
      .values({ id: true, isEnabled, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: referralSettings.id,
        set: { isEnabled, updatedAt: now, updatedBy: actor.id },
      });
    await recordAudit(
      tx,
      actor,
      'referral.switch',
      { type: 'referral_programme', id: null },
      {
        before: { isEnabled: before?.isEnabled ?? true },
        after: { isEnabled },
      },
    );
  });
  return readReferralSettings(db, terms);
}
