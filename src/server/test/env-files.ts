// How the three readers of an env file see it: the shell (`set -a; . FILE`), systemd (EnvironmentFile=, whose rules
// are copied here from systemd's env-file.c: no command runs, quotes are removed, `#` starts a comment only at the
// start of a line) and, through the same rules, Docker Compose's env_file for single-quoted values.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** What systemd's EnvironmentFile= sets from this text. */
export function readLikeSystemd(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const s = text.replace(/\r\n/g, '\n');
  let i = 0;
  while (i < s.length) {
    while (i < s.length && /[ \t\n]/.test(s[i]!)) i++;
    if (s[i] === '#' || s[i] === ';') {
      while (i < s.length && s[i] !== '\n') i++;
      continue;
    }
    let key = '';
    while (i < s.length && s[i] !== '=' && s[i] !== '\n') key += s[i++];
    if (s[i] !== '=') continue; // a line without "=" is ignored
    i++;
    while (s[i] === ' ' || s[i] === '\t') i++;
    let value = '';
    let trailingSpace = 0;
    while (i < s.length && s[i] !== '\n') {
      const c = s[i]!;
      if (c === "'") {
        const end = s.indexOf("'", i + 1);
        value += s.slice(i + 1, end === -1 ? s.length : end);
        i = end === -1 ? s.length : end + 1;
        trailingSpace = 0;
      } else if (c === '"') {
        i++;
        while (i < s.length && s[i] !== '"') {
          if (s[i] === '\\' && '"\\`$\n'.includes(s[i + 1] ?? '')) i++;
          if (s[i] !== '\n') value += s[i];
          i++;
        }
        i++;
        trailingSpace = 0;
      } else if (c === '\\') {
        if (s[i + 1] !== '\n') value += s[i + 1] ?? '';
        i += 2;
        trailingSpace = 0;
      } else {
        value += c;
        trailingSpace = c === ' ' || c === '\t' ? trailingSpace + 1 : 0;
        i++;
      }
    }
    out[key.trim()] = trailingSpace ? value.slice(0, -trailingSpace) : value;
  }
  return out;
}

/** What `bash -c 'set -a; . ./FILE; env'` exports from it (with no PATH, so a line that runs a command fails). */
export function readLikeShell(file: string): {
  env: Record<string, string>;
  stderr: string;
  status: number | null;
} {
  const script = `set -a; . "$1"; set +a; /usr/bin/env -0`;
  const res = spawnSync('/bin/bash', ['--norc', '-c', script, 'bash', file], {
    env: { PATH: '/nonexistent' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  const env: Record<string, string> = {};
  for (const entry of res.stdout.split('\0').filter(Boolean)) {
    const eq = entry.indexOf('=');
    env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return { env, stderr: res.stderr, status: res.status };
}

/** The names a file assigns, as systemd reads it, with the shell's values of the same names. */
export function compareReaders(file: string) {
  const systemd = readLikeSystemd(fs.readFileSync(file, 'utf8'));
  const shell = readLikeShell(file);
  const shellValues = Object.fromEntries(Object.keys(systemd).map((k) => [k, shell.env[k]]));
  return { systemd, shell: shellValues, stderr: shell.stderr, status: shell.status };
}
