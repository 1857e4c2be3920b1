// Whom to write to, or whom a row is about: a person's address and name, for the e-mails other modules send
// (receipts, credentials) and the admin lists that name each row's customer.
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { readByIds } from '../../db/read-by-ids.ts';
import { users } from './auth.tables.ts';

export async function readUserContact(
  db: Db | Tx,
  userId: string,
): Promise<{ email: string; fullName: string } | null> {
  const [user] = await db
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** The e-mail of each known user among `userIds`, in one query (an admin list's customers). */
export function readUserEmails(db: Db | Tx, userIds: readonly string[]) {
  return readByIds(userIds, (ids) =>
    db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids)),
  );
}
