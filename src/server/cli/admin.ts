// `npm run admin -- <email> [--reset-password]`: creates an admin (printing a new password) or promotes an
// existing account. Uses DATABASE_URL, else the embedded database: the running store's, or its own start.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { databaseUrlFor } from './database-url.ts';
import { connectDatabase } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { displayNameFromEmail } from '../../shared/auth.ts';
import { users } from '../modules/auth/auth.tables.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { recordAudit, type AuditActor } from '../modules/audit/record-audit.ts';

/** Role changes from the command line are in the audit trail too, by the machine's operator. */
const CLI_ACTOR: AuditActor = { id: null, email: 'command line (npm run admin)' };

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const email = z.email().safeParse(
    args
      .find((a) => !a.startsWith('--'))
      ?.trim()
      .toLowerCase(),
  );
  if (!email.success) {
    console.error('Usage: npm run admin -- <email> [--reset-password]');
    process.exit(2);
  }
  const resetPassword = args.includes('--reset-password');
  const config = loadConfig();
  const target = await databaseUrlFor(config);
  const database = connectDatabase(target.url, 2);
  try {
    await applyMigrations(database);
    const [existing] = await database.db.select().from(users).where(eq(users.email, email.data));
    const password =
      !existing || resetPassword ? crypto.randomBytes(12).toString('base64url') : null;
    const passwordHash = password ? await hashPassword(password) : null;
    if (existing) {
      await database.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            isAdmin: true,
            emailConfirmedAt: existing.emailConfirmedAt ?? new Date(),
            updatedAt: new Date(),
            ...(passwordHash ? { passwordHash } : {}),
          })
          .where(eq(users.id, existing.id));
        if (!existing.isAdmin)
          await recordAudit(
            tx,
            CLI_ACTOR,
            'user.promote',
            { type: 'user', id: existing.id },
            { email: email.data, before: { isAdmin: false }, after: { isAdmin: true } },
          );
      });
      console.log(
        existing.isAdmin
          ? `${email.data} is already an admin.`
          : `Promoted ${email.data} to admin.`,
      );
    } else {
      await database.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            email: email.data,
            fullName: displayNameFromEmail(email.data),
            passwordHash: passwordHash!,
            isAdmin: true,
            emailConfirmedAt: new Date(),
          })
          .returning({ id: users.id });
        await recordAudit(
          tx,
          CLI_ACTOR,
          'user.promote',
          { type: 'user', id: created!.id },
          { email: email.data, before: null, after: { isAdmin: true } },
        );
      });
      console.log(`Created admin ${email.data}.`);
    }
    if (password)
      console.log(`Password: ${password}  (shown once; sign in at ${config.publicUrl}/login)`);
  } finally {
    await database.close();
    await target.stop();
  }
}

await main();
