// Change password while signed in: the current password first; the credential rule (credential-change.ts)
// voids every outstanding link and ends the other sessions, this one stays; and a "password changed" e-mail tells the owner.
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { EmailSite } from '../mail/outbox.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { accountMessages } from '../../../shared/account.ts';
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
  const checked = await checkPassword(db, userId, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    // Only under the credential version the current password was checked under: a reset in between wins.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.credentialVersion, checked.credentialVersion)))
      .returning({ id: users.id, email: users.email, fullName: users.fullName });
    if (!user) throw new AppError('WRONG_PASSWORD', 400, accountMessages.currentPasswordWrong);
    await afterCredentialChange(tx, userId, keepTokenHash);
    await sendPasswordChanged(tx, config, user!);
  });
}
