// At start, the database learns the configured ADMIN_EMAILS (see admin-addresses.tables.ts). Every process
// of one deployment has the same list, so processes starting together write the same rows.
import { notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminAddresses } from './admin-addresses.tables.ts';

export async function syncAdminAddresses(db: Db, emails: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(adminAddresses)
      .where(emails.length > 0 ? notInArray(adminAddresses.email, [...emails]) : sql`true`);
    if (emails.length > 0)
      await tx
        .insert(adminAddresses)
        .values(emails.map((email) => ({ email })))
        .onConflictDoNothing();
  });
}
