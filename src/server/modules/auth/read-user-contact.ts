// Whom to write to: a person's address and name, for the e-mails other modules send (receipts, credentials).
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
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
