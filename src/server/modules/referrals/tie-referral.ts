// At sign-up, in the sign-up's own transaction (auth calls it through the hook buildApp hands it): a new account
// that came through /r/CODE is tied to the code's owner, or the refusal is recorded with its reason (judge-tie.ts).
// Programme off: nothing is recorded.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { NewSignup } from '../auth/auth.service.ts';
import { readUserContact } from '../auth/read-user-contact.ts';
import { isDeviceKnown, readAccountOrigin } from '../auth/user-devices.ts';
import { judgeTie } from './judge-tie.ts';
import { findReferrer } from './referral-code.ts';
import { isProgrammeOn } from './referral-terms.ts';
import { referrals } from './referrals.tables.ts';

/** The cookie a visit to /r/CODE leaves (referrals.routes.ts): the code. */
export const REFERRAL_COOKIE = 'ref';

export async function tieReferral(tx: Tx, signup: NewSignup): Promise<void> {
  const code = signup.cookies[REFERRAL_COOKIE];
  if (!code) return;
  const referrerId = await findReferrer(tx, code);
  if (!referrerId || !(await isProgrammeOn(tx))) return;
  // A deleted account brings no one (its link may still be around).
  const referrer = await readAccountOrigin(tx, referrerId);
  if (!referrer || referrer.isDeleted) return;
  // Sign-ups on one device wait for each other here, so a burst from one browser cannot all pass as "unknown".
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`referral-device:${signup.deviceId}`}))`,
  );
  const [referrerContact, refereeContact] = await Promise.all([
    readUserContact(tx, referrerId),
    readUserContact(tx, signup.userId),
  ]);
  const refusal = judgeTie({
    referrerId,
    refereeId: signup.userId,
    referrerEmail: referrerContact?.email ?? '',
    refereeEmail: refereeContact?.email ?? '',
    refereeIp: signup.ip,
    referrerIp: referrer.signupIp,
    isDeviceKnown: await isDeviceKnown(tx, signup.deviceId, signup.userId),
  });
  await tx.insert(referrals).values({
    refereeId: signup.userId,
    referrerId,
    status: refusal ? 'refused' : 'tied',
    refusal,
  });
}
