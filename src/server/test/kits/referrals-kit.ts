// What the referrals tests share (referral-link-and-reward and self-referral .test.ts): each file calls
// referralsTestKit() for a store of its own.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { quickAdmin, SAME_ORIGIN } from '../auth-helpers.ts';
import { createInstantProvider } from '../instant-provider.ts';
import { referralClient } from '../referral-helpers.ts';
import { silent } from '../topup-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { users } from '../../modules/auth/auth.tables.ts';
import { createSettler } from '../../modules/payments/settle-payment.ts';
import { transactions } from '../../modules/wallet/wallet.tables.ts';
import { referrals } from '../../modules/referrals/referrals.tables.ts';

export async function referralsTestKit() {
  const provider = createInstantProvider();
  const { app, db } = await createTestApp({
    env: { REFERRAL_PERCENT: '2.5', REFERRAL_MAX_TOPUPS: '2' },
    deps: { paymentProvider: provider },
  });
  const settle = createSettler({
    db,
    provider,
    log: silent,
    paymentMode: 'live',
    referralTerms: { percent: 2.5, maxTopups: 2 },
  });
  const client = referralClient(app, db);
  const admin = await quickAdmin(db);

  const rewardsOf = (referrerId: string) =>
    db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, referrerId), eq(transactions.type, 'referral_reward')));
  const tieOf = async (refereeId: string) =>
    (await db.select().from(referrals).where(eq(referrals.refereeId, refereeId)))[0];
  const balanceOf = async (id: string) =>
    (await db.select().from(users).where(eq(users.id, id)))[0]!.walletBalanceKobo;
  const switchProgramme = async (isEnabled: boolean) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/admin/referrals/settings',
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
      payload: { isEnabled },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  return { app, db, settle, client, admin, rewardsOf, tieOf, balanceOf, switchProgramme };
}
