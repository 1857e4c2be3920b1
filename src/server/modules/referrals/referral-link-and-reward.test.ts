// Referral rewards against the real app and PostgreSQL: the link ties a sign-up, the referrer earns the stated
// percentage (rounded down) of the first N credited top-ups exactly once each, also when the settles race, and
// never for a self-referral or while the programme is off (docs/GUARANTEES.md, "Referrals").
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickCustomer, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { referralRewards } from './referrals.tables.ts';
import { referralsTestKit } from '../../test/kits/referrals-kit.ts';

const { app, db, settle, client, admin, rewardsOf, tieOf, balanceOf } = await referralsTestKit();

describe('the referral link', () => {
  it('remembers the referrer in an HttpOnly, SameSite=Lax cookie of limited life and lands on sign-up', async () => {
    const a = await quickCustomer(db);
    const code = await client.codeOf(a.cookie);
    expect(code).toMatch(/^[a-km-np-z2-9]{12}$/);
    expect(await client.codeOf(a.cookie)).toBe(code);
    const visit = await app.inject({ url: `/r/${code}` });
    expect(visit.statusCode).toBe(302);
    expect(visit.headers.location).toBe('/register');
    const ref = visit.cookies.find((c) => c.name === 'ref')!;
    expect(ref).toMatchObject({ value: code, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(ref.maxAge).toBe(30 * 24 * 3600);
    // An unknown code lands on sign-up too, remembering nothing.
    const unknown = await app.inject({ url: '/r/zzzzzzzzzzzz' });
    expect(unknown.headers.location).toBe('/register');
    expect(unknown.cookies.find((c) => c.name === 'ref')).toBeUndefined();
  });

  it('ties a customer who signs up through it, clears the cookie, and counts them on the dashboard', async () => {
    const a = await quickCustomer(db);
    const b = await client.signUpThrough(await client.codeOf(a.cookie));
    expect(await tieOf(b.user.id)).toMatchObject({
      referrerId: a.user.id,
      status: 'tied',
      refusal: null,
    });
    const cleared = b.register.cookies.find((c) => c.name === 'ref');
    expect(cleared?.value).toBe('');
    const mine = await app.inject({ url: '/api/referrals', headers: { cookie: a.cookie } });
    expect(mine.json()).toMatchObject({
      referralCount: 1,
      earnedKobo: 0,
      percent: 2.5,
      maxTopups: 2,
    });
    expect(mine.json().link).toBe(`http://localhost:3000/r/${mine.json().code}`);
  });
});

describe('the reward', () => {
  it('is the stated percentage rounded down to whole kobo, of the first N credited top-ups only', async () => {
    const a = await quickCustomer(db);
    const b = await client.signUpThrough(await client.codeOf(a.cookie));
    await client.topUp(settle, b.cookie, 101); // 2.5% of 10,100 kobo = 252.5 → 252
    await client.topUp(settle, b.cookie, 1000); // 2,500
    await client.topUp(settle, b.cookie, 1000); // the third: nothing (REFERRAL_MAX_TOPUPS 2)
    expect((await rewardsOf(a.user.id)).map((t) => t.amountKobo).sort()).toEqual([2500, 252]);
    expect(await balanceOf(a.user.id)).toBe(2752);
    expect(await balanceOf(b.user.id)).toBe(210_100); // the referee's own credits are untouched
    const mine = await app.inject({ url: '/api/referrals', headers: { cookie: a.cookie } });
    expect(mine.json()).toMatchObject({ referralCount: 1, earnedKobo: 2752 });
  });

  it('is paid exactly once per credited top-up when 40 settles race, and the cap holds across racing top-ups', async () => {
    const a = await quickCustomer(db);
    const b = await client.signUpThrough(await client.codeOf(a.cookie));
    const one = await client.startTopup(b.cookie, 1000);
    const sources = ['webhook', 'reconciler', 'admin', 'redirect'] as const;
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => settle(one, sources[i % 4]!)),
    );
    expect(outcomes.filter((o) => o.creditedNow)).toHaveLength(1);
    expect((await rewardsOf(a.user.id)).map((t) => t.amountKobo)).toEqual([2500]);
    // Four more top-ups, each settled 10 times at once: only one more is among the first two.
    const more = await Promise.all([1, 2, 3, 4].map(() => client.startTopup(b.cookie, 1000)));
    await Promise.all(
      more.flatMap((id) => Array.from({ length: 10 }, () => settle(id, 'webhook'))),
    );
    expect(await rewardsOf(a.user.id)).toHaveLength(2);
    expect(await balanceOf(a.user.id)).toBe(5000);
    const rows = await db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.referrerId, a.user.id));
    expect(rows.map((r) => r.paymentId)).toContain(one);
  });

  it('is reversed only through the admin wallet adjustment, which the ledger records', async () => {
    const a = await quickCustomer(db);
    const b = await client.signUpThrough(await client.codeOf(a.cookie));
    await client.topUp(settle, b.cookie, 1000);
    expect(await balanceOf(a.user.id)).toBe(2500);
    const adjusted = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${a.user.id}/adjust`,
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
      payload: { action: 'debit', amountKobo: 2500, reason: 'Referral reward reversed' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(await balanceOf(a.user.id)).toBe(0);
    expect(await rewardsOf(a.user.id)).toHaveLength(1);
  });
  it('is not paid to a referrer who deleted their account, and a deleted account brings no one', async () => {
    const a = await client.signUpThrough('none-000000');
    const code = await client.codeOf(a.cookie);
    const b = await client.signUpThrough(code);
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/me/delete',
      headers: { cookie: a.cookie, ...SAME_ORIGIN },
      payload: { password: 'referee-pass-1', shownBalanceKobo: 0 },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await client.topUp(settle, b.cookie, 1000);
    expect(await rewardsOf(a.user.id)).toHaveLength(0);
    const late = await client.signUpThrough(code);
    expect(await tieOf(late.user.id)).toBeUndefined();
  });
});
