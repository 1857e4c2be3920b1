// `NODE_ENV=production node src/server/main.ts`: refuses an unsafe setup before it touches anything, with one
// readable list on stderr and exit code 1.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const mainTs = path.resolve(import.meta.dirname, 'main.ts');

function start(env: Record<string, string>) {
  // Only PATH from the test's own environment: nothing else may leak in and satisfy a requirement.
  const result = spawnSync(process.execPath, [mainTs], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('starting in production', () => {
  it('with nothing set, prints the full list of what is missing and exits 1', () => {
    const { code, stdout, stderr } = start({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines[0]).toBe('Invalid configuration for production (see .env.example):');
    expect(lines.slice(1).map((l) => /^ {2}- ([A-Z_]+): /.exec(l)?.[1])).toEqual([
      'PUBLIC_URL',
      'SMTP_URL',
      'CREDENTIALS_KEY',
      'ERCASPAY_SECRET_KEY',
      'PAYMENT_WEBHOOK_TOKEN',
    ]);
  }, 90_000);

  it('with everything set and the demo seed asked for, refuses the seed (and prints no password)', () => {
    const { code, stdout, stderr } = start({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.ng',
      CREDENTIALS_KEY: 'd'.repeat(64),
      SMTP_URL: 'smtp://127.0.0.1:9',
      PAYMENT_WEBHOOK_TOKEN: 'whk-0123456789abcdef',
      ERCASPAY_SECRET_KEY: 'ECRS-LIVE-SK-0123456789abcdef',
      DEMO_SEED: 'true',
      DEMO_ADMIN_PASSWORD: 'demo-password-123',
    });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n').slice(1)).toEqual([
      expect.stringMatching(/^ {2}- DEMO_SEED: the demo shop .* is never seeded in production/),
    ]);
    expect(stderr).not.toContain('demo-password-123');
  }, 90_000);
});
