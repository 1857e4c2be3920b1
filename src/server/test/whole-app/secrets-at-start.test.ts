// Secrets: the credential cipher never repeats an IV and refuses any tampered byte; and a representative
// flow, logged at the most verbose level through the production logger options, writes no secret to the log.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-app.ts';
import { secretsTestKit } from '../kits/secrets-kit.ts';

const { secrets, fake, env } = await secretsTestKit();

describe('the started server (main.ts)', () => {
  it('prints no configured secret while it starts in production (seeding nothing), serves the webhook and stops', async () => {
    const { url } = await createTestDatabase({ poolSize: 1 });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-secrets-'));
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL('../../main.ts', import.meta.url))],
      {
        // ERCASPAY_MODE=test: the fake ErcasPay's TEST key on a local URL, which live mode refuses.
        env: {
          ...env,
          NODE_ENV: 'production',
          ERCASPAY_MODE: 'test',
          PUBLIC_URL: 'https://shop.example',
          DATABASE_URL: url,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit');
    try {
      await expect
        .poll(() => /Server listening at (http:\/\/[^"\s]+)/.exec(output)?.[1], {
          timeout: 40_000,
          interval: 200,
        })
        .toBeTruthy();
      const base = /Server listening at (http:\/\/[^"\s]+)/.exec(output)![1]!;
      const hook = await fetch(
        `${base}/api/payments/ercaspay/webhook/${secrets.PAYMENT_WEBHOOK_TOKEN}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        },
      );
      expect(hook.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(output).not.toContain('Demo shop created');
    expect(output).toContain('/api/payments/ercaspay/webhook/:token');
    const configured = { ...secrets, ERCASPAY_SECRET_KEY: fake.secretKey };
    const leaks = Object.entries(configured)
      .filter(([, value]) => output.includes(value))
      .map(([name]) => name);
    expect(leaks).toEqual([]);
  }, 60_000);
});
