// `npm run db:migrate`: applies the committed migrations (drizzle/) to DATABASE_URL, else the embedded database,
// and nothing else; for deployments that migrate once before starting the store processes (compose.yaml).
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { applyMigrations, readMigrationJournal } from '../db/migrate.ts';
import { DatabaseReadOnly } from '../db/wait-for-writable.ts';
import { databaseUrlFor } from './database-url.ts';

const config = loadConfig();
const target = await databaseUrlFor(config);
const database = connectDatabase(target.url, 2);
try {
  await applyMigrations(database, undefined, { recoveryWaitSeconds: config.RECOVERY_WAIT_SECONDS });
  const journal = readMigrationJournal();
  console.log(
    `migrations: the database is at ${journal.at(-1)?.tag ?? '(none)'} (${journal.length} migrations).`,
  );
} catch (err) {
  if (!(err instanceof DatabaseReadOnly)) throw err;
  console.error(`migrations: ${err.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
  await target.stop();
}
