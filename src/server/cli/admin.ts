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

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const email = z.email().safeParse(args.find((a) => !a.startsWith('--'))?.trim().toLowerCase());
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
    const password = !existing || resetPassword ? crypto.randomBytes(12).toString('base64url') : null;
    if (existing) {
      await database.db
        .update(users)
        .set({
          isAdmin: true,
          emailConfirmedAt: existing.emailConfirmedAt ?? new Date(),
          updatedAt: new Date(),
          ...(password ? { passwordHash: await hashPassword(password) } : {}),
        })
        .where(eq(users.id, existing.id));
      console.log(existing.isAdmin ? `${email.data} is already an admin.` : `Promoted ${email.data} to admin.`);
    } else {
      await database.db.insert(users).values({
        email: email.data,
        fullName: displayNameFromEmail(email.data),
        passwordHash: await hashPassword(password!),
        isAdmin: true,
        emailConfirmedAt: new Date(),
      });
      console.log(`Created admin ${email.data}.`);
    }
    if (password) console.log(`Password: ${password}  (shown once; sign in at ${config.publicUrl}/login)`);
  } finally {
    await database.close();
    await target.stop();
  }
}

await main();
