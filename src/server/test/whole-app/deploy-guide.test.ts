// docs/deploy.md, run as written: every ```sh deploy-test block of the guide (§4 install, §6 backups, §7 restore),
// in order, in one bash -euo pipefail, on an empty folder and a fresh database of the machine's PostgreSQL (5432, as
// the guide says). It fails when the guide does. What a test cannot do to the machine is stated once, below:
// SUBSTITUTIONS moves the guide's system paths, names and ports into this test's folder, database and free ports,
// and SHIMS stand in for the commands that change the machine (apt-get, useradd, chown, systemctl, git clone and
// the dev `npm ci`, which link this checkout instead). Everything else is the real thing: Node 24 installed from
// the npm registry by `npm install --global node@24` (into this test's /usr/local; from npm's cache when it has
// it), psql as postgres, openssl, the build, `npm ci --omit=dev` of the release on that Node 24, the unit file and
// env files as systemd reads them, the store processes, curl, caddy validate, backup, restore, check:ledger.
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const node24 = path.join(root, 'node_modules/node/bin/node');
const serverUrl = inject('testDbServerUrl');
const onMachinePostgres =
  new URL(serverUrl).port === '5432' && process.getuid?.() === 0 && fs.existsSync(node24);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-guide-'));
fs.chmodSync(work, 0o755);
const db = `guide_${crypto.randomBytes(4).toString('hex')}`;
const [p1, p2, m1, m2] = [31000, 31001, 31100, 31101].map((p) => p + (process.pid % 500) * 2);

/** The guide's system paths, names and ports → this test's. */
const SUBSTITUTIONS: [string, string][] = [
  ['/opt/acctstore', `${work}/opt/acctstore`],
  ['/etc/acctstore', `${work}/etc/acctstore`],
  ['/var/backups/acctstore', `${work}/var/backups/acctstore`],
  ['/etc/systemd/system/', `${work}/etc/systemd/system/`],
  ['/etc/caddy/', `${work}/etc/caddy/`],
  ['/etc/cron.d/', `${work}/etc/cron.d/`],
  ['/var/log/', `${work}/var/log/`],
  ['/usr/local', `${work}/usr/local`], // where the guide installs Node 24; the unit's and cron's PATH
  ['create user acctstore', `create user ${db}`],
  ['create database acctstore owner acctstore', `create database ${db} owner ${db}`],
  ['postgres://acctstore:', `postgres://${db}:`],
  ['@127.0.0.1:5432/acctstore', `@127.0.0.1:5432/${db}`],
  ['dropdb acctstore', `dropdb ${db}`],
  ['createdb -O acctstore acctstore', `createdb -O ${db} ${db}`],
  ['acctstore@3000', `acctstore@${p1}`],
  ['acctstore@3001', `acctstore@${p2}`],
  ['/3000.env', `/${p1}.env`],
  ['/3001.env', `/${p2}.env`],
  ['127.0.0.1:3000', `127.0.0.1:${p1}`],
  ['127.0.0.1:3001', `127.0.0.1:${p2}`],
  ["'9100'", `'${m1}'`],
  ["'9101'", `'${m2}'`],
];

const shims = path.join(work, 'shims');
const checkout = path.join(work, 'checkout');
const realNpm = execFileSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
const SHIMS: Record<string, string> = {
  'apt-get': 'exit 0 # the machine has the packages',
  useradd: 'exit 0 # the processes run as this test user',
  chown: 'exit 0',
  git: `[ "$1" = clone ] && mkdir -p "$(dirname "$3")" && exec cp -a ${checkout} "$3"
exec /usr/bin/git "$@"`,
  npm: `[ "$*" = ci ] && exec ln -s ${fs.realpathSync(path.join(root, 'node_modules'))} node_modules
exec ${realNpm} "$@"`,
  systemctl: `exec ${node24} ${path.join(import.meta.dirname, 'guide-shims/systemctl.ts')} "$@"`,
};

/** The ```sh deploy-test blocks of docs/deploy.md, in order, substituted. */
export function guideScript(): string {
  const guide = fs.readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
  const blocks = [...guide.matchAll(/^```sh deploy-test\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  // Each block's start time goes to stderr (bash's $SECONDS), for the figures the test prints.
  const timed = blocks.map((b, i) => `echo "block ${i + 1} at $SECONDS s" >&2\n${b}`);
  return SUBSTITUTIONS.reduce((t, [from, to]) => t.replaceAll(from, to), timed.join('\n'));
}

const units = [`acctstore@${p1}`, `acctstore@${p2}`];
const scriptEnv = () => ({
  HOME: process.env.HOME ?? '/root',
  // No Node 24 on it: the guide installs its own (before that, `node` is the machine's Node 20).
  PATH: `${shims}:${work}/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin`,
  REPO: 'https://example.com/you/acctstore.git',
  GUIDE_STATE: path.join(work, 'state'),
  GUIDE_UNITS_DIR: `${work}/etc/systemd/system`,
  GUIDE_SUBSTITUTIONS: JSON.stringify(SUBSTITUTIONS),
  // The npm cache has every package already; the registry is not asked again.
  npm_config_prefer_offline: 'true',
  // The machine's own certificate authorities for the registry (its npm reads them from its Node's global npmrc,
  // which the guide's freshly installed Node does not have).
  ...(process.env.NODE_EXTRA_CA_CERTS
    ? { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS }
    : {}),
  npm_config_audit: 'false',
  npm_config_fund: 'false',
});

afterAll(async () => {
  if (!onMachinePostgres) return;
  spawnSync(path.join(shims, 'systemctl'), ['stop', ...units], { env: scriptEnv() });
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${db} with (force)`);
  await admin.query(`drop role if exists ${db}`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
}, 120_000);

describe.skipIf(!onMachinePostgres)('docs/deploy.md, as written', () => {
  it('installs, migrates, starts two units behind a valid Caddyfile, creates the admin, backs up, verifies and restores', () => {
    for (const f of execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\0')
      .filter((f) => f && f !== 'node_modules' && fs.existsSync(path.join(root, f)))) {
      fs.mkdirSync(path.dirname(path.join(checkout, f)), { recursive: true });
      fs.copyFileSync(path.join(root, f), path.join(checkout, f));
    }
    fs.mkdirSync(shims);
    fs.mkdirSync(path.join(work, 'state'));
    for (const dir of ['etc/systemd/system', 'etc/caddy', 'etc/cron.d', 'var/log'])
      fs.mkdirSync(path.join(work, dir), { recursive: true });
    for (const [name, body] of Object.entries(SHIMS))
      fs.writeFileSync(path.join(shims, name), `#!/bin/bash\n${body}\n`, { mode: 0o755 });

    const script = guideScript();
    fs.writeFileSync(path.join(work, 'guide.sh'), script);
    const started = Date.now();
    const run = spawnSync('bash', ['--norc', '-euo', 'pipefail', path.join(work, 'guide.sh')], {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: work,
      env: scriptEnv(),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `docs/deploy.md ran in ${seconds} s (${[...run.stderr.matchAll(/^block \d+ at \d+ s$/gm)].map((m) => m[0].replace('block ', '#').replace(' at ', '@')).join(', ')})`,
    );
    const logs = units
      .map((u) => path.join(work, 'state', `${u}.log`))
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f, 'utf8').slice(-3000));
    expect(
      run.status,
      `the guide failed:\n${run.stdout.slice(-4000)}\n${run.stderr.slice(-4000)}\n${logs.join('\n')}`,
    ).toBe(0);

    const out = run.stdout;
    expect(out).toMatch(/^v24\./m); // Node 24 checked
    expect(out.match(/\{"status":"ok","database":"up"\}/g)?.length).toBe(3); // two units, then after the restore
    expect(out).toMatch(/Password: \S+/); // the admin
    expect(out).toMatch(/verify: .* is complete: \d+ rows/);
    expect(out).toMatch(/restore: every invariant holds/);
    expect(out).toMatch(/ledger: every invariant holds/);
    expect(out).toContain('Valid configuration'); // caddy validate
    // The backup sits outside the release folder, with its success time for the alert.
    const backups = fs.readdirSync(`${work}/var/backups/acctstore`);
    expect(backups).toEqual(
      expect.arrayContaining(['last-success', expect.stringMatching(/\.backup$/)]),
    );
    // Each unit serves metrics on its own port.
    for (const port of [m1, m2]) {
      const metrics = spawnSync('/usr/bin/curl', ['-fsS', `http://127.0.0.1:${port}/metrics`], {
        encoding: 'utf8',
      });
      expect(metrics.status, `metrics on ${port}`).toBe(0);
    }

    // `systemctl stop` (SIGTERM): both stop well within the unit's TimeoutStopSec (drain, then in-flight requests).
    const stopping = Date.now();
    const stop = spawnSync(path.join(shims, 'systemctl'), ['stop', ...units], {
      env: scriptEnv(),
      encoding: 'utf8',
    });
    console.info(`both units stopped in ${((Date.now() - stopping) / 1000).toFixed(1)} s`);
    expect(stop.stderr).toBe('');
    expect(stop.status).toBe(0);
  }, 420_000); // about 80 s on a quiet 2-core machine; 175 s at a load average of 16
});
