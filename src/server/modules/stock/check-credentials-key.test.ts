// The key check: a store process whose credentials key is not the one this database was first started with
// refuses to start (the reported case: a second process with another DATA_DIR generated a key of its own).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded-postgres.ts';
import { spawnServer } from '../../test/spawn-server.ts';
import { insertGroupWithStock, testCipher } from '../../test/stock-helpers.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { checkCredentialsKey, KEY_MISMATCH_MESSAGE } from './check-credentials-key.ts';
import { createCredentialCipher } from './credential-cipher.ts';
import { credentialsKeyCheck } from './stock.tables.ts';

const anotherCipher = () => createCredentialCipher(crypto.randomBytes(32));

describe('checkCredentialsKey', () => {
  it('seals the check at the first start, opens it with the same key, refuses another key', async () => {
    const { db } = await createTestDatabase({ poolSize: 2 });
    expect(await checkCredentialsKey(db, testCipher)).toBe('created');
    expect(await checkCredentialsKey(db, testCipher)).toBe('matched');
    await expect(checkCredentialsKey(db, anotherCipher())).rejects.toThrow(KEY_MISMATCH_MESSAGE);
    expect(await db.select().from(credentialsKeyCheck)).toHaveLength(1);
  });

  it('on a database from before the check, seals it only with a key that opens the stored stock', async () => {
    const { db } = await createTestDatabase({ poolSize: 2 });
    await insertGroupWithStock(db, { accounts: 2 }); // sealed with testCipher's key
    await expect(checkCredentialsKey(db, anotherCipher())).rejects.toThrow(KEY_MISMATCH_MESSAGE);
    expect(await db.select().from(credentialsKeyCheck)).toHaveLength(0);
    expect(await checkCredentialsKey(db, testCipher)).toBe('created');
  });

  it('lets exactly one key win when ten processes start at once with two keys', async () => {
    const { db } = await createTestDatabase({ poolSize: 10 });
    const other = anotherCipher();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => checkCredentialsKey(db, i % 2 ? other : testCipher)),
    );
    const won = outcomes
      .map((o, i) => (o.status === 'fulfilled' ? i % 2 : null))
      .filter((v) => v !== null);
    expect(new Set(won).size).toBe(1);
    expect(won).toHaveLength(5);
  });
});

describe('two store processes on one DATABASE_URL', () => {
  it('refuses to start the second when its key differs, or when it has none, with one readable line', async () => {
    const database = await createTestDatabase({ poolSize: 1 });
    const first = await spawnServer(database.url, await freePort(), {
      CREDENTIALS_KEY: 'a'.repeat(64),
    });
    try {
      const second = (env: Record<string, string>) =>
        spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../../main.ts')], {
          env: {
            PATH: process.env.PATH ?? '',
            DATABASE_URL: database.url,
            DATA_DIR: path.resolve('.tmp/second-store'),
            PORT: '0',
            LOG_LEVEL: 'warn',
            DEMO_SEED: 'false',
            ...env,
          },
          encoding: 'utf8',
          timeout: 60_000,
        });
      const otherKey = second({ CREDENTIALS_KEY: 'b'.repeat(64) });
      expect(otherKey.status).toBe(1);
      expect(otherKey.stderr.trim()).toBe(KEY_MISMATCH_MESSAGE);

      const noKey = second({});
      expect(noKey.status).toBe(1);
      expect(noKey.stderr).toMatch(/^ {2}- CREDENTIALS_KEY: required with DATABASE_URL/m);

      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  }, 150_000);
});
