// Change password while signed in: the current password first; the credential rule (credential-change.ts)
// voids every outstanding link and ends the other sessions, this one stays; and a "password changed" e-mail tells the owner.
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { EmailSite } from '../mail/outbox.ts';
import type { Db } from '../../db/client.ts';
import { users } from './auth.tables.ts';
import { afterCredentialChange } from './credential-change.ts';
import { hashPassword } from './password.ts';
import { sendPasswordChanged } from './account-emails.ts';
import { checkPassword } from './check-password.ts';

export async function changePassword(
  db: Db,
  config: Config & EmailSite,
  userId: string,
  keepTokenHash: string | null,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  await checkPassword(db, userId, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id, email: users.email, fullName: users.fullName });
    await afterCredentialChange(tx, userId, keepTokenHash);
    await sendPasswordChanged(tx, config, user!);
  });
}
