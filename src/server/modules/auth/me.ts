// The signed-in user as the browser sees it, and (answered by the wallet) the profile totals.
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { Me, ProfileTotals } from '../../../shared/auth.ts';
import { users } from './auth.tables.ts';

export async function loadMe(db: Db, config: Config, userId: string): Promise<Me> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw notFound('User not found');
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    isAdmin: u.isAdmin,
    role: u.isAdmin ? 'admin' : 'user',
    twoFactorEnabled: u.totpEnabledAt !== null,
    // In production an admin without two-factor sign-in can only enrol (http/access.ts).
    twoFactorRequired: u.isAdmin && config.adminsNeedTwoFactor,
    walletBalanceKobo: u.walletBalanceKobo,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

/**
 * The profile page's totals, computed from the ledger. The wallet module answers (it depends on auth: the
 * balance is a column of the user row), so auth may not import it: buildApp (app.ts) hands the wallet's read to
 * the auth routes (docs/decisions/019-module-boundaries.md).
 */
export type ProfileTotalsRead = (db: Db, userId: string) => Promise<ProfileTotals>;
