// The limit on second-factor codes: each try takes a hit atomically (http/rate-limit.ts consumeLimits), so 40 tries at
// once see exactly the limit; a right code gives its hit back, so only wrong codes stay counted. Counted per account
// and per client address; but a sign-in from a device the owner already completed a sign-in on (or signed up on) is
// counted on its own, per account and device: wrong codes from strangers never lock the owner's own browser out.
import type { Db } from '../../../db/client.ts';
import { consumeLimits, giveBack, type Limit } from '../../../http/rate-limit.ts';
import { SECOND_FACTOR_LIMIT, twoFactorMessages } from '../../../../shared/two-factor.ts';
import { isOwnDevice } from '../user-devices.ts';

/** Where a code comes from: the client address and its device cookie (null: none held). */
export type CodeOrigin = { ip: string; deviceId: string | null };

export const secondFactorLimit = (userId: string): Limit => ({
  bucket: `second-factor:user:${userId}`,
  ...SECOND_FACTOR_LIMIT,
});

async function limitsFor(db: Db, userId: string, from: CodeOrigin | null): Promise<Limit[]> {
  if (from?.deviceId && (await isOwnDevice(db, userId, from.deviceId)))
    return [
      { bucket: `second-factor:user:${userId}:device:${from.deviceId}`, ...SECOND_FACTOR_LIMIT },
    ];
  const account = secondFactorLimit(userId);
  return from
    ? [account, { bucket: `second-factor:ip:${from.ip}`, ...SECOND_FACTOR_LIMIT }]
    : [account];
}

/** Takes a slot, or throws 429 when a window is full; returns the slot to give back. */
export const takeSecondFactorSlot = async (
  db: Db,
  userId: string,
  from: CodeOrigin | null = null,
) => consumeLimits(db, await limitsFor(db, userId, from), twoFactorMessages.tooManyCodes);

export const giveBackSlot = giveBack;
