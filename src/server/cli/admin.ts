// `npm run admin -- <email> [--reset-password] [--reset-2fa]`: creates an admin (printing a new password) or
// promotes an existing account; --reset-2fa removes the account's two-factor sign-in (a lost phone). Uses
// DATABASE_URL, else the embedded database: the running store's, or its own start.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { databaseUrlFor } from './database-url.ts';
import { connectDatabase } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { DatabaseReadOnly } from '../db/wait-for-writable.ts';
import { displayNameFromEmail } from '../../shared/auth.ts';
import { users } from '../modules/auth/auth.tables.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { recordAudit, type AuditActor } from '../modules/audit/record-audit.ts';
import { afterCredentialChange } from '../modules/auth/credential-change.ts';
import { removeTwoFactor } from '../modules/auth/two-factor/remove-two-factor.ts';

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
    console.error('Usage: npm run admin -- <email> [--reset-password] [--reset-2fa]');
    process.exit(2);
  }
  const resetPassword = args.includes('--reset-password');
  const resetTwoFactor = args.includes('--reset-2fa');
  const config = loadConfig();
  const target = await databaseUrlFor(config);
  const database = connectDatabase(target.url, 2);
  try {
    await applyMigrations(database, undefined, {
      recoveryWaitSeconds: config.RECOVERY_WAIT_SECONDS,
    });
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
        // A new password is a credential change: every link and every session from before is void.
        if (passwordHash) await afterCredentialChange(tx, existing.id, null);
        if (resetTwoFactor) {
          await removeTwoFactor(tx, existing.id);
          await recordAudit(tx, CLI_ACTOR, 'user.two_factor_reset', {
            type: 'user',
            id: existing.id,
          });
        }
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
      if (resetTwoFactor)
        console.log(
          `Two-factor sign-in of ${email.data} removed; its sessions ended. Enrol again from /profile.`,
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

await main().catch((err: unknown) => {
  if (!(err instanceof DatabaseReadOnly)) throw err;
  console.error(`admin: ${err.message}`);
  process.exitCode = 1;
});
