// End-to-end tests in a real Chromium against the built app, started as `npm start` starts it, on a
// throwaway data folder with its own embedded PostgreSQL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { configuredSecrets, loadConfig } from './src/server/config.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const executablePath =
  process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const e2eAdmin = { email: 'admin@acctstore.local', password: 'e2e-admin-password' };
/** An ADMIN_EMAILS address: its owner becomes admin through the invitation (two-factor.spec). */
export const e2eListedAdmin = 'owner@acctstore.local';
export const e2eTelegramPort = port + 1000;

// The store's secrets for this run: fresh each run, the same in the runner and its workers (which inherit the
// environment). Its log goes to .tmp/test-logs/ with the secrets noted beside it: `npm test` ends by checking
// that none of them was logged (scripts/check-logs-for-secrets.ts).
process.env.E2E_SECRET_SEED ??= crypto.randomBytes(16).toString('hex');
const derived = (label: string) =>
  crypto.createHash('sha256').update(`${process.env.E2E_SECRET_SEED}:${label}`).digest('hex');
const logDir = '.tmp/test-logs';
export const e2eTelegram = {
  TELEGRAM_BOT_TOKEN: `${parseInt(derived('telegram-bot').slice(0, 8), 16)}:${derived('telegram-token').slice(0, 35)}`,
  TELEGRAM_CHAT_ID: '-1009876543210',
  TELEGRAM_API_BASE: `http://127.0.0.1:${port + 1000}`,
};
const serverEnv = {
  PORT: String(port),
  DATA_DIR: `.tmp/e2e-data-${port}`,
  NODE_ENV: 'development',
  // As behind a reverse proxy on the same machine: the fixtures' API sign-ups say which client they stand for
  // (X-Forwarded-For), so the per-address sign-up limit counts each made-up customer, not the whole suite.
  TRUST_PROXY: 'loopback',
  LOG_LEVEL: 'info',
  DEMO_ADMIN_PASSWORD: e2eAdmin.password,
  ADMIN_EMAILS: e2eListedAdmin,
  CREDENTIALS_KEY: derived('credentials-key'),
  PAYMENT_WEBHOOK_TOKEN: `whk-${derived('webhook-token').slice(0, 32)}`,
  // Owner alerts go to a fake Bot API that owner-alerts.spec starts on this port (unreachable otherwise: the
  // alerts of the other specs wait and retry, as they would while Telegram is down).
  ...e2eTelegram,
};
/** A second store, the supplier reselling.spec buys from (issue 54): its own data folder and PostgreSQL. */
export const e2eSupplierPort = port + 2000;
const supplierEnv = {
  ...serverEnv,
  PORT: String(e2eSupplierPort),
  DATA_DIR: `.tmp/e2e-supplier-${port}`,
  CREDENTIALS_KEY: derived('supplier-credentials-key'),
  PAYMENT_WEBHOOK_TOKEN: `whk-${derived('supplier-webhook-token').slice(0, 32)}`,
  TELEGRAM_API_BASE: 'http://127.0.0.1:9',
};
fs.mkdirSync(logDir, { recursive: true });
for (const [name, env] of [
  [`e2e-${port}`, serverEnv],
  [`e2e-supplier-${port}`, supplierEnv],
] as const)
  fs.writeFileSync(
    path.join(logDir, `secrets-${name}.jsonl`),
    configuredSecrets(loadConfig(env))
      .map((s) => JSON.stringify(s))
      .join('\n') + '\n',
  );

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // Two workers, the server, its PostgreSQL and two Chromiums share two cores in CI: a first visit's lazy chunks
  // once took 8.5 s to arrive (wallet.spec's sign-in, sessions 9 and 10). These tests check behaviour; speed
  // lives in the benchmarks, so a slow moment must not fail them.
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // store-settings.spec renames the store for a moment: it runs after every other spec, alone, so that no other
  // spec reads a title or an e-mail subject in that moment.
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /store-settings\.spec\.ts/,
    },
    {
      name: 'renames the store',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /store-settings\.spec\.ts/,
      dependencies: ['desktop'],
    },
  ],
  webServer: [
    {
      command: `vite build --logLevel warn && vite build --ssr --logLevel warn && rm -rf .tmp/e2e-data-${port} && exec node src/server/main.ts >> ${logDir}/e2e-server-${port}.log`,
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // The store stops its embedded PostgreSQL on SIGTERM; the default SIGKILL left that server running.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH}`,
      },
    },
    {
      // Started once the first store answers, so the build it serves is complete (node's fetch: no curl needed).
      command: `until node -e "fetch('http://localhost:${port}/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; do sleep 1; done; rm -rf .tmp/e2e-supplier-${port} && exec node src/server/main.ts >> ${logDir}/e2e-supplier-${port}.log`,
      url: `http://localhost:${e2eSupplierPort}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...supplierEnv,
        PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH}`,
      },
    },
  ],
});
