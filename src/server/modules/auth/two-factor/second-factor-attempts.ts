// The limit on second-factor codes, per account: each try takes a hit atomically (http/rate-limit.ts consumeLimit),
// so 40 tries at once see exactly the limit; a right code gives its hit back, so only wrong codes stay counted.
import type { Db } from '../../../db/client.ts';
import { consumeLimit, giveBack } from '../../../http/rate-limit.ts';
import { SECOND_FACTOR_LIMIT, twoFactorMessages } from '../../../../shared/two-factor.ts';

export const secondFactorLimit = (userId: string) => ({
  bucket: `second-factor:user:${userId}`,
  ...SECOND_FACTOR_LIMIT,
});

/** Takes a slot, or throws 429 when the account's window is full; returns the slot to give back. */
export const takeSecondFactorSlot = (db: Db, userId: string) =>
  consumeLimit(db, secondFactorLimit(userId), twoFactorMessages.tooManyCodes);

export const giveBackSlot = giveBack;
