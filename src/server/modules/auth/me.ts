// The signed-in user as the browser sees it.
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { Me } from '../../../shared/auth.ts';
import { users } from './auth.tables.ts';
import { isAdminUser } from './sessions.ts';

export async function loadMe(db: Db, config: Config, userId: string): Promise<Me> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw notFound('User not found');
  const isAdmin = isAdminUser(u, config);
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    isAdmin,
    adminByAddress: !u.isAdmin && config.ADMIN_EMAILS.includes(u.email),
    role: isAdmin ? 'admin' : 'user',
    walletBalanceKobo: u.walletBalanceKobo,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

// TEMPORARY, removed at merge (issue 17): the totals are the wallet's (wallet/profile-totals.ts);
// auth.routes.ts imports them from there at merge.
export { loadProfileTotals } from '../wallet/profile-totals.ts';
