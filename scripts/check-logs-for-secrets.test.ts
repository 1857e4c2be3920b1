import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanLogsForSecrets } from './check-logs-for-secrets.ts';

describe('the end-of-run scan of the logs for secrets', () => {
  it('finds a noted secret wherever a log holds it, and only there', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-scan-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'secrets-1.jsonl'),
        `${JSON.stringify({ name: 'PAYMENT_WEBHOOK_TOKEN', value: 'whk-0123456789abcdef' })}\n`,
      );
      fs.writeFileSync(
        path.join(dir, 'secrets-2.jsonl'),
        `${JSON.stringify({ name: 'CREDENTIALS_KEY', value: 'f'.repeat(64) })}\n\n`,
      );
      fs.writeFileSync(
        path.join(dir, 'clean.log'),
        '{"msg":"incoming request","url":"/api/payments/ercaspay/webhook/:token"}\n',
      );
      fs.writeFileSync(
        path.join(dir, 'leaky.log'),
        '{"msg":"request completed"}\n{"url":"/api/payments/ercaspay/webhook/whk-0123456789abcdef"}\n',
      );
      const scan = scanLogsForSecrets(dir);
      expect(scan).toMatchObject({
        files: 2,
        secrets: 2,
        leaks: [{ file: 'leaky.log', name: 'PAYMENT_WEBHOOK_TOKEN' }],
      });
      fs.rmSync(path.join(dir, 'leaky.log'));
      expect(scanLogsForSecrets(dir).leaks).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
