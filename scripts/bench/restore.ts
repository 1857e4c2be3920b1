// npm run bench:restore: `npm run restore`'s loader (maintenance/restore-backup.ts) beside pg_restore on the same
// shop, in the same run, on the machine's PostgreSQL (127.0.0.1:5432, or BENCH_RESTORE_URL's server): a shop of
// about 200,000 rows (issue 49 measured 206,957: restore 15.1 s, pg_restore 4.1 s, 0.27x) is backed up with
// `npm run backup`'s writer and with `pg_dump -Fc`, then restored into two empty databases; each figure is the
// wall time to a database ready to serve (keys, indexes, foreign keys, ANALYZE for both). Goal: >= 0.5x.
// Options (environment): BENCH_RESTORE_USERS (20000), BENCH_RESTORE_ACCOUNTS (150000), BENCH_RESTORE_ORDERS
// (30000), BENCH_RESTORE_CONNECTIONS (4, as `npm run restore`).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { restoreBackup } from '../../src/server/maintenance/restore-backup.ts';
import { writeBackup } from '../../src/server/maintenance/write-backup.ts';

const server = process.env.BENCH_RESTORE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const users = Number(process.env.BENCH_RESTORE_USERS ?? 20_000);
const accounts = Number(process.env.BENCH_RESTORE_ACCOUNTS ?? 150_000);
const orders = Number(process.env.BENCH_RESTORE_ORDERS ?? 30_000);
const connections = Number(process.env.BENCH_RESTORE_CONNECTIONS ?? 4);
const tag = crypto.randomBytes(3).toString('hex');
const names = {
  source: `bench_restore_src_${tag}`,
  ours: `bench_restore_ours_${tag}`,
  theirs: `bench_restore_pg_${tag}`,
};
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-restore-'));
const urlOf = (db: string) => Object.assign(new URL(server), { pathname: `/${db}` }).toString();
const admin = new pg.Client(server);
await admin.connect();

try {
  for (const db of Object.values(names)) await admin.query(`create database ${db}`);
  const source = connectDatabase(urlOf(names.source), 2);
  await applyMigrations(source);
  // A shop: users, one category, 20 groups, stock (a fifth of it sold, each sold account in its order).
  await source.pool.query(`
    insert into users (email, password_hash, full_name, wallet_balance_kobo)
      select 'buyer' || i || '@example.com', '$argon2id$v=19$m=19456,t=2,p=1$' || md5(i::text), 'Buyer ' || i, i * 100
        from generate_series(1, ${users}) i;
    insert into categories (id, name) values ('bench', 'Bench');
    insert into product_groups (category_id, name, price_kobo, stock_count)
      select 'bench', 'Group ' || g, 150000, ${accounts - orders} / 20 from generate_series(1, 20) g;
    create temporary table u as select id, row_number() over () as n from users;
    create temporary table g as select id, row_number() over () as n from product_groups;
    insert into orders (user_id, product_group_id, quantity, amount_kobo, list_amount_kobo, status, account_details, created_at)
      select u.id, g.id, 1, 150000, 150000, 'completed', jsonb_build_array(jsonb_build_object('username', 'sold' || i)),
             now() - make_interval(mins => i)
        from generate_series(1, ${orders}) i
        join u on u.n = 1 + i % ${users} join g on g.n = 1 + i % 20;
    insert into individual_accounts (product_group_id, username, password_enc, status, order_id, sold_at)
      select o.product_group_id, 'sold' || row_number() over (), decode(md5(random()::text) || md5(random()::text) || md5(random()::text), 'hex'), 'sold', o.id, o.created_at from orders o;
    insert into individual_accounts (product_group_id, username, password_enc)
      select g.id, 'acct' || i, decode(md5(random()::text) || md5(random()::text) || md5(random()::text), 'hex') from generate_series(1, ${accounts - orders}) i join g on g.n = 1 + i % 20;
    analyze;`);
  const file = path.join(work, 'shop.backup');
  const manifest = await writeBackup(source.pool, file);
  await source.close();
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  const dump = path.join(work, 'shop.dump');
  execFileSync('pg_dump', ['-Fc', '-f', dump, urlOf(names.source)]);

  let started = Date.now();
  execFileSync('pg_restore', ['--no-owner', '-d', urlOf(names.theirs), dump]);
  execFileSync('psql', ['-q', '-c', 'analyze', urlOf(names.theirs)]);
  const theirs = (Date.now() - started) / 1000;

  const target = connectDatabase(urlOf(names.ours), connections);
  started = Date.now();
  await restoreBackup(target, file);
  const ours = (Date.now() - started) / 1000;
  await target.close();

  const ratio = theirs / ours;
  console.log(
    `restore of ${rows} rows (${(fs.statSync(file).size / 1e6).toFixed(1)} MB backup): ` +
      `npm run restore's loader ${ours.toFixed(2)} s over ${connections} connections, ` +
      `pg_restore ${theirs.toFixed(2)} s (${execFileSync('pg_restore', ['--version'], { encoding: 'utf8' }).trim()}): ` +
      `${ratio.toFixed(2)}x pg_restore's speed (goal >= 0.5x)`,
  );
  if (ratio < 0.5) process.exitCode = 1;
} finally {
  for (const db of Object.values(names))
    await admin.query(`drop database if exists ${db} with (force)`).catch(() => {});
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
}
