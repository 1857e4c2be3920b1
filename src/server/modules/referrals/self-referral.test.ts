// Referral rewards against the real app and PostgreSQL: the link ties a sign-up, the referrer earns the stated
// percentage (rounded down) of the first N credited top-ups exactly once each, also when the settles race, and
// never for a self-referral or while the programme is off (docs/GUARANTEES.md, "Referrals").
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickCustomer, SAME_ORIGIN, signInCookie, insertUser } from '../../test/auth-helpers.ts';
import { newDevice, nextAddress } from '../../test/referral-helpers.ts';
import { rememberDevice } from '../auth/user-devices.ts';
import { judgeTie } from './judge-tie.ts';
import { tieReferral } from './tie-referral.ts';
import { referrals } from './referrals.tables.ts';
import { referralsTestKit } from '../../test/kits/referrals-kit.ts';

const { app, db, settle, client, admin, rewardsOf, tieOf, switchProgramme } =
  await referralsTestKit();

describe('a self-referral', () => {
  it('is refused for the same account (the rule; a new account has no code of its own to sign up with)', () => {
    const facts = {
      refereeIp: '10.0.0.1',
      referrerIp: null,
      isDeviceKnown: false,
      referrerEmail: 'ada@example.com',
      refereeEmail: 'bola@example.com',
    };
    expect(judgeTie({ referrerId: 'u1', refereeId: 'u1', ...facts })).toBe('same_account');
    expect(judgeTie({ referrerId: 'u1', refereeId: 'u2', ...facts })).toBeNull();
  });

  it.each([
    ['Jane.Doe@gmail.com', 'janedoe+shop@googlemail.com', 'same_account'],
    ['ada@example.com', 'ADA+2@Example.com', 'same_account'],
    ['a.da@example.com', 'ada@example.com', null],
    ['ada@gmail.com', 'ada@example.com', null],
  ])('compares the mailbox: %s refers %s → %s', (referrerEmail, refereeEmail, expected) => {
    const facts = { refereeIp: '10.0.0.1', referrerIp: null, isDeviceKnown: false };
    expect(
      judgeTie({ referrerId: 'u1', refereeId: 'u2', referrerEmail, refereeEmail, ...facts }),
    ).toBe(expected);
  });

  it("is refused, recorded and unrewarded when the referee signs up from the referrer's sign-up address", async () => {
    const ip = nextAddress();
    const a = await client.signUpThrough('none-000000', { ip });
    const b = await client.signUpThrough(await client.codeOf(a.cookie), { ip });
    expect(await tieOf(b.user.id)).toMatchObject({ status: 'refused', refusal: 'same_address' });
    await client.topUp(settle, b.cookie, 1000);
    expect(await rewardsOf(a.user.id)).toHaveLength(0);
    const mine = await app.inject({ url: '/api/referrals', headers: { cookie: a.cookie } });
    expect(mine.json()).toMatchObject({ referralCount: 0, earnedKobo: 0 });
  });

  it('is refused on a device the referrer (or any account) signed in from, also for 10 sign-ups at once', async () => {
    const device = newDevice();
    const referrer = await insertUser(db);
    // The referrer signs in on this device: the device is now known.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: SAME_ORIGIN,
      cookies: { device },
      payload: { email: referrer.email, password: referrer.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const code = await client.codeOf(await signInCookie(app, referrer.email, referrer.password));
    const b = await client.signUpThrough(code, { device });
    expect(await tieOf(b.user.id)).toMatchObject({ status: 'refused', refusal: 'known_device' });
    // A burst of sign-ups from one new device: the first is tied, every other one refused.
    const fresh = newDevice();
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => client.signUpThrough(code, { device: fresh })),
    );
    const ties = await Promise.all(burst.map((s) => tieOf(s.user.id)));
    expect(ties.filter((t) => t?.status === 'tied')).toHaveLength(1);
    expect(ties.filter((t) => t?.refusal === 'known_device')).toHaveLength(39);
  });

  it('ties one of 20 sign-ups on one device even when each is slow to commit (they wait for each other)', async () => {
    const a = await quickCustomer(db);
    const ref = await client.codeOf(a.cookie);
    const device = newDevice();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const newcomer = await quickCustomer(db);
        await db.transaction(async (tx) => {
          await tieReferral(tx, {
            userId: newcomer.user.id,
            ip: nextAddress(),
            deviceId: device,
            cookies: { ref },
          });
          await rememberDevice(tx, newcomer.user.id, device);
          await tx.execute(sql`select pg_sleep(0.05)`);
        });
      }),
    );
    const ties = await db.select().from(referrals).where(eq(referrals.referrerId, a.user.id));
    expect(ties.filter((t) => t.status === 'tied')).toHaveLength(1);
    expect(ties.filter((t) => t.refusal === 'known_device')).toHaveLength(19);
  });

  it('shows the admin each refusal and its reason, and the figures per customer', async () => {
    const ip = nextAddress();
    const a = await client.signUpThrough('none-000000', { ip });
    const code = await client.codeOf(a.cookie);
    const refused = await client.signUpThrough(code, { ip });
    const tied = await client.signUpThrough(code);
    await client.topUp(settle, tied.cookie, 1000);
    const detail = await app.inject({
      url: `/api/admin/users/${a.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const shown = detail.json().referrals;
    expect(shown).toMatchObject({ referralCount: 1, earnedKobo: 2500, referredBy: null });
    expect(shown.referrals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          refereeId: refused.user.id,
          status: 'refused',
          refusal: 'same_address',
          earnedKobo: 0,
        }),
        expect.objectContaining({
          refereeId: tied.user.id,
          status: 'tied',
          rewardedTopups: 1,
          earnedKobo: 2500,
        }),
      ]),
    );
    const ofTied = await app.inject({
      url: `/api/admin/users/${tied.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(ofTied.json().referrals.referredBy).toEqual({ id: a.user.id, email: a.user.email });
    const list = await app.inject({
      url: `/api/admin/users?search=${encodeURIComponent(a.user.email)}`,
      headers: { cookie: admin.cookie },
    });
    expect(list.json().users[0].referrals).toEqual({ referralCount: 1, earnedKobo: 2500 });
  });
});

describe('the programme switched off', () => {
  it('ties no one and rewards nothing; switched on again, the next top-up among the first N earns', async () => {
    const a = await quickCustomer(db);
    const code = await client.codeOf(a.cookie);
    const tiedBefore = await client.signUpThrough(code);
    const visitBefore = await app.inject({ url: `/r/${code}` });
    const cookieBefore = visitBefore.cookies.find((c) => c.name === 'ref')!.value;
    await switchProgramme(false);
    try {
      const settings = await app.inject({
        url: '/api/admin/referrals/settings',
        headers: { cookie: admin.cookie },
      });
      expect(settings.json()).toMatchObject({ isEnabled: false, percent: 2.5, maxTopups: 2 });
      expect(
        (await app.inject({ url: `/r/${code}` })).cookies.find((c) => c.name === 'ref'),
      ).toBeUndefined();
      const late = await client.signUpThrough(code);
      expect(await tieOf(late.user.id)).toBeUndefined();
      // A cookie left from before the switch ties no one either.
      const withOldCookie = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: SAME_ORIGIN,
        cookies: { ref: cookieBefore, device: newDevice() },
        remoteAddress: nextAddress(),
        payload: {
          email: `late-${Date.now()}@example.com`,
          password: 'referee-pass-1',
          confirmPassword: 'referee-pass-1',
        },
      });
      expect(withOldCookie.statusCode).toBe(201);
      expect(
        await db.select().from(referrals).where(eq(referrals.referrerId, a.user.id)),
      ).toHaveLength(1);
      await client.topUp(settle, tiedBefore.cookie, 1000);
      expect(await rewardsOf(a.user.id)).toHaveLength(0);
      const mine = await app.inject({ url: '/api/referrals', headers: { cookie: a.cookie } });
      expect(mine.json().isEnabled).toBe(false);
    } finally {
      await switchProgramme(true);
    }
    await client.topUp(settle, tiedBefore.cookie, 1000); // the second credited top-up: still among the first 2
    await client.topUp(settle, tiedBefore.cookie, 1000); // the third: not
    expect((await rewardsOf(a.user.id)).map((t) => t.amountKobo)).toEqual([2500]);
    const audited = await db.execute<{ details: unknown }>(
      sql`select details from audit_log where action = 'referral.switch' order by created_at`,
    );
    expect(audited.rows.slice(-2).map((r) => r.details)).toEqual([
      { before: { isEnabled: true }, after: { isEnabled: false } },
      { before: { isEnabled: false }, after: { isEnabled: true } },
    ]);
  });
});
