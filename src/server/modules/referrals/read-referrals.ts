// What the referral programme shows: the customer's own figures (dashboard), each customer's figures (the admin's
// Users list) and one customer's ties, refusals and rewards (the admin's user detail).
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  REFERRAL_PATH_PREFIX,
  type AdminUserReferrals,
  type MyReferrals,
  type ReferralFigures,
} from '../../../shared/referrals.ts';
import type { Db } from '../../db/client.ts';
import { readUserEmails } from '../auth/read-user-contact.ts';
import { ensureReferralCode } from './referral-code.ts';
import { isProgrammeOn, type ReferralTerms } from './referral-terms.ts';
import { referralRewards, referrals } from './referrals.tables.ts';

export async function readMyReferrals(
  db: Db,
  userId: string,
  { publicUrl, terms }: { publicUrl: string; terms: ReferralTerms },
): Promise<MyReferrals> {
  const [code, figures, isEnabled] = await Promise.all([
    ensureReferralCode(db, userId),
    readReferralFigures(db, [userId]),
    isProgrammeOn(db),
  ]);
  return {
    isEnabled,
    code,
    link: `${publicUrl}${REFERRAL_PATH_PREFIX}${code}`,
    ...figures.get(userId)!,
    percent: terms.percent,
    maxTopups: terms.maxTopups,
  };
}

/** Tied referees and rewards earned, per referrer among `userIds` (zero for those with none), in two queries. */
export async function readReferralFigures(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, ReferralFigures>> {
  const ids = [...new Set(userIds)];
  const figures = new Map(ids.map((id) => [id, { referralCount: 0, earnedKobo: 0 }]));
  if (!ids.length) return figures;
  const [ties, earned] = await Promise.all([
    db
      .select({ id: referrals.referrerId, n: count() })
      .from(referrals)
      .where(and(inArray(referrals.referrerId, ids), eq(referrals.status, 'tied')))
      .groupBy(referrals.referrerId),
    db
      .select({
        id: referralRewards.referrerId,
        kobo: sql<string>`sum(${referralRewards.amountKobo})`,
      })
      .from(referralRewards)
      .where(inArray(referralRewards.referrerId, ids))
      .groupBy(referralRewards.referrerId),
  ]);
  for (const t of ties) figures.get(t.id)!.referralCount = t.n;
  for (const e of earned) figures.get(e.id)!.earnedKobo = Number(e.kobo);
  return figures;
}

const ADMIN_LIST_LIMIT = 100;

/** One customer's part of the programme, for the admin: whom they brought (the latest 100) and who brought them. */
export async function readAdminUserReferrals(db: Db, userId: string): Promise<AdminUserReferrals> {
  const [figures, rows, [broughtBy]] = await Promise.all([
    readReferralFigures(db, [userId]),
    db
      .select({
        refereeId: referrals.refereeId,
        status: referrals.status,
        refusal: referrals.refusal,
        createdAt: referrals.createdAt,
        rewardedTopups: sql<number>`(select count(*)::int from ${referralRewards} r where r.referee_id = referrals.referee_id)`,
        earnedKobo: sql<string>`(select coalesce(sum(r.amount_kobo), 0) from ${referralRewards} r where r.referee_id = referrals.referee_id)`,
      })
      .from(referrals)
      .where(eq(referrals.referrerId, userId))
      .orderBy(desc(referrals.createdAt))
      .limit(ADMIN_LIST_LIMIT),
    db
      .select({ referrerId: referrals.referrerId })
      .from(referrals)
      .where(and(eq(referrals.refereeId, userId), eq(referrals.status, 'tied'))),
  ]);
  const emails = await readUserEmails(db, [
    ...rows.map((r) => r.refereeId),
    ...(broughtBy ? [broughtBy.referrerId] : []),
  ]);
  return {
    ...figures.get(userId)!,
    referredBy: broughtBy
      ? { id: broughtBy.referrerId, email: emails.get(broughtBy.referrerId)?.email ?? '' }
      : null,
    referrals: rows.map((r) => ({
      refereeId: r.refereeId,
      refereeEmail: emails.get(r.refereeId)?.email ?? '',
      status: r.status,
      refusal: r.refusal,
      rewardedTopups: r.rewardedTopups,
      earnedKobo: Number(r.earnedKobo),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
