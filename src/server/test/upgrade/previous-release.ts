// The previous release for the upgrade test (whole-app/upgrade.test.ts), built from git: its tree at its commit
// (`git archive`), with this checkout's node_modules linked in (its dependencies are a subset of ours), cached under
// .tmp/releases/<commit>. Its server runs from its TypeScript as the artifact does; the web bundle is not built (the
// test buys through the API). Its own test helpers seed the shop, so that the rows match ITS schema.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

export function previousReleaseDir(commit: string, version: string): string {
  const dir = path.join(root, '.tmp', 'releases', commit);
  if (fs.existsSync(path.join(dir, '.complete'))) return dir;
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: root, stdio: 'ignore' });
  } catch {
    throw new Error(
      `the upgrade test starts from release ${version}, commit ${commit}, which this checkout does not have: ` +
        'fetch the whole history (`git fetch --unshallow`, or fetch-depth: 0 in CI) and run it again',
    );
  }
  const partial = `${dir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  execFileSync('sh', ['-c', 'git archive "$1" | tar -x -C "$2"', 'sh', commit, partial], {
    cwd: root,
  });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(partial, 'node_modules'));
  fs.writeFileSync(path.join(partial, '.complete'), `${version}\n`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(partial, dir);
  return dir;
}

/** The environment of a command of either release (the servers get theirs from spawn-server.ts). */
export function commandEnv(databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DEMO_SEED: 'false',
    CREDENTIALS_KEY: 'a'.repeat(64),
    LOG_LEVEL: 'warn',
  };
}

/** `node <script>` in a release's folder, asynchronously (the load keeps running meanwhile); its stdout. */
export async function runNode(cwd: string, script: string, env: NodeJS.ProcessEnv) {
  const { stdout } = await run(process.execPath, [script], { cwd, env, maxBuffer: 16 << 20 });
  return stdout;
}

const SEED = `
import { connectDatabase } from './src/server/db/client.ts';
import { quickCustomer } from './src/server/test/auth-helpers.ts';
import { insertGroupWithStock } from './src/server/test/stock-helpers.ts';
const { customers, accounts, fundKobo, priceKobo } = JSON.parse(process.argv[2]);
const database = connectDatabase(process.env.DATABASE_URL, 4);
const group = await insertGroupWithStock(database.db, { accounts, priceKobo });
const cookies = [];
for (let i = 0; i < customers; i++) cookies.push((await quickCustomer(database.db, fundKobo)).cookie);
await database.close();
console.log(JSON.stringify({ groupId: group.id, cookies }));
`;

/** A product group with stock and funded customers, written by the release's own helpers. */
export async function seedWith(
  releaseDir: string,
  databaseUrl: string,
  shop: { customers: number; accounts: number; fundKobo: number; priceKobo: number },
): Promise<{ groupId: string; cookies: string[] }> {
  const script = path.join(releaseDir, `upgrade-seed-${process.pid}.ts`);
  fs.writeFileSync(script, SEED);
  try {
    const { stdout } = await run(process.execPath, [script, JSON.stringify(shop)], {
      cwd: releaseDir,
      env: commandEnv(databaseUrl),
    });
    return JSON.parse(stdout) as { groupId: string; cookies: string[] };
  } finally {
    fs.rmSync(script, { force: true });
  }
}
