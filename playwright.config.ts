// End-to-end tests in a real Chromium against the built app, started as `npm start` starts it, on a
// throwaway data folder with its own embedded PostgreSQL.
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const executablePath = process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const e2eAdmin = { email: 'admin@acctstore.local', password: 'e2e-admin-password' };

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
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
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: `vite build --logLevel warn && rm -rf .tmp/e2e-data-${port} && exec node src/server/main.ts`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: `.tmp/e2e-data-${port}`,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DEMO_ADMIN_PASSWORD: e2eAdmin.password,
      PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH}`,
    },
  },
});
