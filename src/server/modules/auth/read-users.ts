// The people, as the admin console lists them: the newest, or a search on e-mail and name, and one by id.
// The admin module composes these with the figures the wallet and orders modules own.
import { count, desc, eq, ilike, isNull, or } from 'drizzle-orm';
import type { AdminUser } from '../../../shared/admin-users.ts';
import type { Db } from '../../db/client.ts';
import { users } from './auth.tables.ts';

/** How many people have an account (the anonymised rows of deleted accounts are not people any more). */
export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(isNull(users.deletedAt));
  return row?.n ?? 0;
}

/**
 * No search: the newest users, deleted accounts left out. A search: case-insensitive on e-mail or name (a LIKE
 * pattern, escaped); "deleted" still finds deleted accounts, e.g. to pay out a balance left on one.
 */
export async function searchUsers(
  db: Db,
  search: string | undefined,
  limit: number,
): Promise<AdminUser[]> {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select()
    .from(users)
    .where(
      pattern
        ? or(ilike(users.email, pattern), ilike(users.fullName, pattern))
        : isNull(users.deletedAt),
    )
    .orderBy(desc(users.createdAt))
    .limit(limit);
  return rows.map(toAdminUser);
}

/** One user by id; null when unknown. */
export async function readAdminUser(db: Db, id: string): Promise<AdminUser | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ? toAdminUser(user) : null;
}

function toAdminUser(u: typeof users.$inferSelect): AdminUser {
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    isAdmin: u.isAdmin,
    role: u.isAdmin ? 'Admin' : 'Customer',
    isDeleted: u.deletedAt !== null,
    walletBalanceKobo: u.walletBalanceKobo,
    createdAt: u.createdAt.toISOString(),
  };
}
