// Starts the store: configuration, database (embedded unless DATABASE_URL), migrations, seed, HTTP, jobs.
// Stops in reverse on SIGINT/SIGTERM: HTTP server first (drained, http/drain.ts), then the pool, then the embedded database.
import pino from 'pino';
import path from 'node:path';
import { buildApp, loggerOptions } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connectDatabase, STORE_APPLICATION_NAME } from './db/client.ts';
import { lockDataDir } from './db/data-lock.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { applyMigrations } from './db/migrate.ts';
import { seedDemoShop } from './demo/seed.ts';
import { checkCredentialsKey } from './modules/stock/check-credentials-key.ts';
import { createCredentialCipher, loadCredentialsKey } from './modules/stock/credential-cipher.ts';
import { reportStartupFailure } from './startup-error.ts';
import { drainAndClose } from './http/drain.ts';
import { startMetricsServer } from './modules/health/metrics-server.ts';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, { serving: true });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = pino(loggerOptions(config) as pino.LoggerOptions);
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn();
  };

  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      cleanups.push(lockDataDir(config.dataDir));
      const started = Date.now();
      const embedded = await startEmbeddedPostgres({
        dir: config.dataDir,
        log: (line) => log.debug({ postgres: line }),
      });
      cleanups.push(embedded.stop);
      databaseUrl = embedded.url;
      log.info(
        { dataDir: config.dataDir, ms: Date.now() - started, firstStart: embedded.isFirstStart },
        'embedded PostgreSQL started',
      );
    }

    const database = connectDatabase(databaseUrl, config.DB_POOL_SIZE, STORE_APPLICATION_NAME);
    cleanups.push(database.close);
    await applyMigrations(database, undefined, {
      recoveryWaitSeconds: config.RECOVERY_WAIT_SECONDS,
      say: (line) => log.warn(line),
    });

    const cipher = createCredentialCipher(
      loadCredentialsKey(config.CREDENTIALS_KEY, config.dataDir, (m) => log.warn(m)),
    );
    await checkCredentialsKey(database.db, cipher);
    if (config.DEMO_SEED) {
      const seed = await seedDemoShop(database.db, cipher, config.DEMO_ADMIN_PASSWORD);
      if (seed.seeded) printAdminSignIn(config, seed.adminEmail, seed.adminPassword);
    }

    const app = await buildApp({ config, database, logger: log, cipher, startJobs: true });
    // Metrics first, so that they stop after HTTP has drained (cleanups run in reverse).
    if (config.METRICS_PORT) {
      cleanups.push(
        await startMetricsServer(app.renderMetrics, config.METRICS_PORT, (err) =>
          log.error({ err }, 'metrics failed'),
        ),
      );
      log.info(`Metrics on http://127.0.0.1:${config.METRICS_PORT}/metrics`);
    }
    cleanups.push(() =>
      drainAndClose(app, config.SHUTDOWN_DRAIN_MS ?? (config.isProduction ? 5000 : 0), log),
    );
    await app.listen({ port: config.PORT, host: config.HOST });
    log.info(`Store ready on ${config.publicUrl}`);
  } catch (err) {
    reportStartupFailure(err, log);
    await cleanup().catch(() => {});
    process.exit(1);
  }

  // Ctrl-C under `npm start` reaches us twice (from the terminal and forwarded by npm): a repeat within
  // two seconds is the same request; a later one means "stop now".
  let stoppingSince = 0;
  const stop = (signal: string) => {
    if (stoppingSince) {
      if (Date.now() - stoppingSince < 2000) return;
      log.warn('second signal: exiting at once');
      process.exit(1);
    }
    stoppingSince = Date.now();
    log.info({ signal }, 'stopping: drain and close HTTP, then database');
    cleanup().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

function printAdminSignIn(config: Config, email: string, password: string): void {
  const line = '─'.repeat(64);
  console.log(
    [
      line,
      'Demo shop created. Sign in as the demo admin (shown only this once):',
      `  URL:      ${config.publicUrl}/login`,
      `  E-mail:   ${email}`,
      // A configured password is the operator's already, and stdout is often a log: never print it.
      `  Password: ${config.DEMO_ADMIN_PASSWORD ? '(DEMO_ADMIN_PASSWORD from your configuration)' : password}`,
      `Lost it? Run: npm run admin -- ${email} --reset-password`,
      `Data folder: ${path.relative(process.cwd(), config.dataDir) || '.'}`,
      line,
    ].join('\n'),
  );
}

await main();
