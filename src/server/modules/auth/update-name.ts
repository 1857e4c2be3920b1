// Change the display name of one's own account.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from './auth.tables.ts';

export async function updateName(db: Db, userId: string, fullName: string): Promise<void> {
  await db.update(users).set({ fullName, updatedAt: new Date() }).where(eq(users.id, userId));
}
