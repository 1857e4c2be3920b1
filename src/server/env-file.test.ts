// .env.example and the guide's env file read the same in the shell (`set -a; . FILE`), under systemd
// (EnvironmentFile=) and Docker Compose: no line runs a command, and values with spaces, <, > and # stay whole.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareReaders, readLikeSystemd } from './test/env-files.ts';

const root = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-env-file-'));

/** The guide's production env file, written by its own command (docs/deploy.md §4, the secrets generated). */
function guideEnvFile(): string {
  const guide = fs.readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
  const command = /^cat > \/etc\/acctstore\/acctstore\.env <<EOF\n[\s\S]*?\nEOF$/m.exec(guide)?.[0];
  if (!command)
    throw new Error('docs/deploy.md has no `cat > /etc/acctstore/acctstore.env <<EOF` block');
  const file = path.join(work, 'acctstore.env');
  execFileSync('bash', ['--norc', '-euc', command.replace('/etc/acctstore/acctstore.env', file)], {
    env: { PATH: process.env.PATH ?? '', DB_PASSWORD: 'a1b2c3' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return file;
}

describe('env files', () => {
  it('systemd reads quoted values whole, and runs nothing', () => {
    expect(
      readLikeSystemd(
        '# c\nA=\'Your Shop <x@y>\'\nB="two  words"\n; c\nC=plain  # not a comment\nD=$(touch /tmp/x)\n',
      ),
    ).toEqual({
      A: 'Your Shop <x@y>',
      B: 'two  words',
      C: 'plain  # not a comment',
      D: '$(touch /tmp/x)',
    });
  });

  for (const [name, file] of [
    ['.env.example', () => path.join(root, '.env.example')],
    ["docs/deploy.md's acctstore.env", guideEnvFile],
  ] as const) {
    it(`${name}: the shell and systemd read the same values, and no line runs a command`, () => {
      const read = compareReaders(file());
      expect(read.stderr).toBe('');
      expect(read.status).toBe(0);
      expect(Object.keys(read.systemd).length).toBeGreaterThan(10);
      expect(read.shell).toEqual(read.systemd);
      expect(read.systemd.MAIL_FROM).toMatch(/^[^<>]+ <[^<>]+@[^<>]+>$/);
      expect(read.systemd.SUPPORT_WHATSAPP).toMatch(/^\+234 \d{3} \d{3} \d{4}$/);
      expect(read.systemd.OFFICE_LOCATION).toBe('Lagos, Nigeria');
      if (name !== '.env.example') expect(read.systemd.CREDENTIALS_KEY).toMatch(/^[0-9a-f]{64}$/);
    });

    it(`${name}: every setting is NAME='value' on its own line (what Docker Compose reads the same way too)`, () => {
      const lines = fs
        .readFileSync(file(), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '' && !l.startsWith('#'));
      for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z0-9_]*='[^']*'$/);
    });
  }
});
