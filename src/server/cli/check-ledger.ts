// `npm run check:ledger`: checks the store's money and stock invariants on any database (DATABASE_URL,
// else the embedded one) and exits 1 when one is broken. Right after a restore to a moment it waits for
// PostgreSQL to finish replaying WAL (RECOVERY_WAIT_SECONDS), and never migrates a read-only database.
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { DatabaseReadOnly } from '../db/wait-for-writable.ts';
import { checkLedger } from '../modules/wallet/check-ledger.ts';
import { databaseUrlFor } from './database-url.ts';

const config = loadConfig(process.env);
const { url, stop } = await databaseUrlFor(config);
const database = connectDatabase(url, 2);
try {
  await applyMigrations(database, undefined, { recoveryWaitSeconds: config.RECOVERY_WAIT_SECONDS });
  const violations = await checkLedger(database.db);
  if (violations.length === 0) {
    console.log(
      'ledger: every invariant holds (balances = ledger sums, no negative balance, each sold account in one order, each order debited, each payment credited once, stock counts).',
    );
  } else {
    for (const v of violations) console.log(`BROKEN: ${v.invariant}: ${JSON.stringify(v.detail)}`);
    process.exitCode = 1;
  }
} catch (err) {
  if (!(err instanceof DatabaseReadOnly)) throw err;
  console.error(`ledger: ${err.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
  await stop();
}
