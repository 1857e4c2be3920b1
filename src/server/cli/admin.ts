// `npm run admin -- <email> [--reset-password]`: creates an admin (printing a new password) or promotes an
// existing account. Uses DATABASE_URL, else the embedded database: the running store's, or its own start.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig, type Config } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/data-lock.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { applyMigrations } from '../db/migrate.ts';
import { displayNameFromEmail } from '../../shared/auth.ts';
import { users } from '../modules/auth/auth.tables.ts';
import { hashPassword } from '../modules/auth/password.ts';

async function databaseUrlFor(config: Config): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const pidFile = path.join(config.dataDir, 'pgdata', 'postmaster.pid');
  const passwordFile = path.join(config.dataDir, 'pg-password');
  try {
    const release = lockDataDir(config.dataDir);
    const pg = await startEmbeddedPostgres({ dir: config.dataDir });
    return { url: pg.url, stop: async () => (await pg.stop(), release()) };
  } catch (err) {
    // The store is running: reach its database through the port it wrote into postmaster.pid.
    if (!fs.existsSync(pidFile)) throw err;
    const port = fs.readFileSync(pidFile, 'utf8').split('\n')[3]?.trim();
    const password = encodeURIComponent(fs.readFileSync(passwordFile, 'utf8').trim());
    return { url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, stop: async () => {} };
  }
}

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
