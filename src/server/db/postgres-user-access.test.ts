// The root case: when the postgres system user cannot reach the data folder (a project under /root, mode 700),
// the store exits with one sentence naming the cause and the three ways out, and leaves nothing behind.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstUnreachableFolder } from './postgres-user-access.ts';

const NOBODY = { uid: 65534, gid: 65534 };
const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-private-')); // mode 700, like /root
afterAll(() => fs.rmSync(privateDir, { recursive: true, force: true }));

describe('firstUnreachableFolder', () => {
  it('names the private folder on the way, and nothing once others may enter it', () => {
    const target = path.join(privateDir, 'project', 'data', 'pgdata');
    expect(firstUnreachableFolder(target, NOBODY)).toBe(fs.realpathSync(privateDir));
    fs.chmodSync(privateDir, 0o711);
    try {
      expect(firstUnreachableFolder(target, NOBODY)).toBeNull();
    } finally {
      fs.chmodSync(privateDir, 0o700);
    }
  });

  it('lets the owner in through the owner bits alone', () => {
    const st = fs.statSync(privateDir);
    expect(firstUnreachableFolder(privateDir, { uid: st.uid, gid: 65534 })).toBeNull();
  });
});

describe.runIf(process.getuid?.() === 0)(
  'started as root with the data folder in a private folder',
  () => {
    it('exits 1 with one sentence naming the cause and the three ways out, leaving no data folder', () => {
      const dataDir = path.join(privateDir, 'project', 'data');
      const mainTs = path.resolve(import.meta.dirname, '../main.ts');
      const result = spawnSync(process.execPath, [mainTs], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Cannot start the embedded PostgreSQL: .*"postgres", which cannot enter /,
      );
      expect(lines[0]).toContain(fs.realpathSync(privateDir));
      expect(lines[0]).toMatch(
        /run the store as a normal user, move the project \(or DATA_DIR\) to .*, or set DATABASE_URL/,
      );
      expect(result.stdout).toBe('');
      expect(fs.readdirSync(privateDir)).toEqual([]);
    }, 90_000);
  },
);
