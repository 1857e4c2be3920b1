// The deployment path, run for real: build the artifact from a clean copy of this checkout, install it into an
// empty folder with `npm ci --omit=dev`, migrate, create the admin, start TWO `npm run start:prod` processes on one
// external PostgreSQL (NODE_ENV=production, ErcasPay faked in test mode, real SMTP to a server in this test), then
// stock, fund through the payment webhook and buy through both. Dockerfile and compose.yaml run these same commands.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type Database } from '../../db/client.ts';
import { freePort } from '../../db/embedded-postgres.ts';
import { checkLedger } from '../../modules/wallet/check-ledger.ts';
import { confirmationTokenFrom, latestEmailTo } from '../auth-helpers.ts';
import { loadErcasPayFixture, startFakeErcasPay, type FakeErcasPay } from '../fake-ercaspay.ts';
import { withDatabase } from '../global-setup.ts';
import { startSmtpCapture, type SmtpCapture } from '../smtp-capture.ts';
import { spawnServer, type ServerProcess } from '../spawn-server.ts';
import { totpCode } from '../two-factor-helpers.ts';
import { call, productionEnv, waitFor, type Client } from '../kits/production-artifact-tools.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const WEBHOOK_TOKEN = crypto.randomBytes(16).toString('hex');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-artifact-'));
const checkout = path.join(work, 'checkout');
const install = path.join(work, 'app');
let smtp: SmtpCapture;
let fake: FakeErcasPay;
let database: Database;
let dbName: string;
let env: Record<string, string>;
const servers: ServerProcess[] = [];
const timings: Record<string, number> = {};

const run = (cmd: string, args: string[], cwd: string, runEnv = env) => {
  const started = Date.now();
  const out = execFileSync(cmd, args, {
    cwd,
    env: runEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  timings[`${cmd} ${args.join(' ')}`] = Date.now() - started;
  return out;
};

beforeAll(async () => {
  fake = await startFakeErcasPay();
  smtp = await startSmtpCapture();

  // An empty database on the external server: db:migrate creates everything.
  const serverUrl = inject('testDbServerUrl');
  dbName = `${inject('testDbTemplate').replace('template', 'test')}_artifact`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const databaseUrl = withDatabase(serverUrl, dbName);
  database = connectDatabase(databaseUrl, 2);
  env = productionEnv({
    databaseUrl,
    smtpPort: smtp.port,
    dataDir: path.join(work, 'data'),
    webhookToken: WEBHOOK_TOKEN,
    fake,
  });

  // 1. Build from a clean copy (what `git clone` and the Dockerfile's build stage see), with the dev install.
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const f of files) {
    if (!fs.existsSync(path.join(root, f)) || f === 'node_modules') continue;
    fs.mkdirSync(path.dirname(path.join(checkout, f)), { recursive: true });
    fs.copyFileSync(path.join(root, f), path.join(checkout, f));
  }
  fs.symlinkSync(
    fs.realpathSync(path.join(root, 'node_modules')),
    path.join(checkout, 'node_modules'),
  );
  const buildEnv = {
    ...env,
    NODE_ENV: 'development',
    PATH: `${path.join(checkout, 'node_modules/.bin')}:${env.PATH}`,
  };
  run('npm', ['run', 'build'], checkout, buildEnv);
  const [tarball] = fs
    .readdirSync(path.join(checkout, 'release'))
    .filter((f) => f.endsWith('.tgz'));

  // 2. Install it into an empty folder, production dependencies only (from the npm cache when it has them).
  fs.mkdirSync(install);
  run(
    'tar',
    ['-xzf', path.join(checkout, 'release', tarball!), '-C', install, '--strip-components=1'],
    work,
  );
  run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], install);

  // 3. Migrate alone, then start two processes; neither migrates anything more.
  run('npm', ['run', 'db:migrate'], install);
  const launch = { command: 'npm', args: ['run', 'start:prod'], cwd: install };
  const started = Date.now();
  servers.push(
    ...(await Promise.all(
      [freePort(), freePort()].map(async (p) => spawnServer(databaseUrl, await p, env, launch)),
    )),
  );
  timings['two processes up'] = Date.now() - started;
}, 480_000); // about a minute on a quiet machine, most of it `npm ci`; four on a loaded one

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM'); // already stopped unless a test failed
  await Promise.all(servers.map((s) => s.exited));
  await fake?.close();
  await smtp?.close();
  await database?.close();
  const admin = new pg.Client({ connectionString: inject('testDbServerUrl') });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
  console.info('production artifact timings (ms):', timings);
}, 60_000);

describe('the production artifact', () => {
  it('installs without devDependencies, and two production processes on one database sell, credit and deliver', async () => {
    const [a, b] = [servers[0]!, servers[1]!];

    // The admin, created with the project's admin command in the installed artifact.
    const created = run(
      'npm',
      ['run', '--silent', 'admin', '--', 'owner@shop.example.test'],
      install,
    );
    const password = /Password: (\S+)/.exec(created)?.[1];
    expect(password).toBeTruthy();
    const owner: Client = { cookie: '' };
    expect(
      (
        await call(a, owner, '/api/auth/login', {
          method: 'POST',
          body: { email: 'owner@shop.example.test', password },
        })
      ).status,
    ).toBe(200);
    expect(owner.cookie).toMatch(/^__Host-sid=/);

    // In production an admin must turn on two-factor sign-in before the console answers (on A, then used on B).
    expect((await call(a, owner, '/api/admin/stats')).body).toMatchObject({
      error: { code: 'TWO_FACTOR_REQUIRED' },
    });
    const setup = await call(a, owner, '/api/me/two-factor/setup', {
      method: 'POST',
      body: { currentPassword: password },
    });
    const enabled = await call(b, owner, '/api/me/two-factor/enable', {
      method: 'POST',
      body: { code: totpCode(setup.body.secret as string, -1) },
    });
    expect(enabled.status).toBe(200);

    // Stock: a category, a template, four accounts (through process A).
    const category = await call(a, owner, '/api/admin/categories', {
      method: 'POST',
      body: { name: 'Instagram' },
    });
    expect(category.status).toBe(201);
    const template = await call(a, owner, '/api/admin/product-groups', {
      method: 'POST',
      body: {
        productName: 'Aged Instagram',
        categoryId: category.body.item!.id,
        priceKobo: 150_000,
        features: ['aged'],
      },
    });
    expect(template.status).toBe(201);
    for (let i = 0; i < 4; i++) {
      const added = await call(b, owner, '/api/admin/accounts', {
        method: 'POST',
        body: {
          title: 'Aged Instagram',
          categoryId: category.body.item!.id,
          priceKobo: 150_000,
          username: `insta_${i}`,
          password: `pw-secret-${i}`,
        },
      });
      expect(added.status).toBe(201);
    }

    // A customer registers on B, receives the confirmation over SMTP, confirms on A and signs in.
    const customer: Client = { cookie: '' };
    const email = 'ada@customer.example.test';
    const registerBody = { email, password: 'ada-password-1', confirmPassword: 'ada-password-1' };
    expect(
      (await call(b, customer, '/api/auth/register', { method: 'POST', body: registerBody }))
        .status,
    ).toBe(201);
    await waitFor(() => smtp.received.some((m) => m.to === email));
    const token = confirmationTokenFrom((await latestEmailTo(database.db, email))!.textBody);
    expect(
      (
        await call(a, customer, '/api/auth/confirm-email', {
          method: 'POST',
          body: { token_hash: token, type: 'email' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(a, customer, '/api/auth/login', {
          method: 'POST',
          body: { email, password: 'ada-password-1' },
        })
      ).status,
    ).toBe(200);

    // Funds: a ₦5,000 top-up started on A, paid at ErcasPay, notified to B's webhook URL, seen as credited on A.
    const topup = await call(a, customer, '/api/wallet/topups', {
      method: 'POST',
      body: { amountKobo: 5000_00 },
    });
    expect(topup.status).toBe(201);
    const reference = topup.body.reference as string;
    const paid = [...fake.transactions.values()].find((t) => t.paymentReference === reference)!;
    fake.setStatus(paid.ercsReference, 'SUCCESSFUL');
    const webhook = await fetch(`${b.url}/api/payments/ercaspay/webhook/${WEBHOOK_TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...loadErcasPayFixture('webhook-credit.json'),
        transaction_reference: paid.ercsReference,
        payment_reference: reference,
      }),
    });
    expect(webhook.status).toBe(200);
    const check = await call(a, customer, `/api/wallet/topups/${reference}`);
    expect(check.body).toMatchObject({ status: 'completed', alreadyCredited: true });

    // Purchases through both processes; each order's credentials read back from the other process.
    const one = await call(a, customer, '/api/orders', {
      method: 'POST',
      body: { productGroupId: template.body.item!.id, quantity: 1 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    const two = await call(b, customer, '/api/orders', {
      method: 'POST',
      body: { productGroupId: template.body.item!.id, quantity: 2 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.body.balanceKobo).toBe(500_000 - 3 * 150_000);
    const orderId = (two.body.order as { id: string }).id;
    const credentials = await call(a, customer, `/api/orders/${orderId}/credentials`);
    expect(credentials.status).toBe(200);
    const passwords = (credentials.body.accounts as { password: string }[]).map((x) => x.password);
    expect(passwords).toHaveLength(2);
    for (const p of passwords) expect(p).toMatch(/^pw-secret-\d$/);
    await waitFor(() => smtp.received.filter((m) => m.to === email).length >= 3); // confirmation + two credentials e-mails

    expect(await checkLedger(database.db)).toEqual([]);
  }, 60_000);

  it('stops when `npm run start:prod` gets SIGTERM (what `docker stop` and systemd send): no store process is left behind', async () => {
    const started = Date.now();
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    timings['both stopped'] = Date.now() - started;
    for (const s of servers) await expect(fetch(`${s.url}/api/health`)).rejects.toThrow();
    expect(await checkLedger(database.db)).toEqual([]);
  });
});
