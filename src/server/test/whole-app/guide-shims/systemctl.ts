// `systemctl` for deploy-guide.test.ts, on a machine without systemd: it starts and stops a unit the way systemd
// would read it (the unit file the guide copied, its EnvironmentFile= lines read by systemd's rules, %i, ExecStart,
// WorkingDirectory, TimeoutStopSec), so the guide's unit file and env files are what the test runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readLikeSystemd } from '../../env-files.ts';

const state = process.env.GUIDE_STATE!;
const unitsDir = process.env.GUIDE_UNITS_DIR!;
const substitute = (text: string) =>
  (JSON.parse(process.env.GUIDE_SUBSTITUTIONS!) as [string, string][]).reduce(
    (t, [from, to]) => t.replaceAll(from, to),
    text,
  );
const SYSTEMD_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

type Unit = { name: string; service: Map<string, string[]> };

function readUnit(name: string): Unit | undefined {
  const [template, instance] = name.split('@');
  if (instance === undefined) return undefined; // caddy, postgresql: not the store's
  const file = path.join(unitsDir, `${template}@.service`);
  const text = substitute(fs.readFileSync(file, 'utf8')).replaceAll('%i', instance);
  const service = new Map<string, string[]>();
  let section = '';
  for (const line of text.split('\n')) {
    if (/^\[.+\]$/.test(line)) section = line;
    const m = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (section === '[Service]' && m) service.set(m[1]!, [...(service.get(m[1]!) ?? []), m[2]!]);
  }
  return { name, service };
}

function start(unit: Unit): void {
  const env: Record<string, string> = { PATH: SYSTEMD_PATH };
  for (const entry of unit.service.get('EnvironmentFile') ?? []) {
    const optional = entry.startsWith('-');
    const file = optional ? entry.slice(1) : entry;
    if (optional && !fs.existsSync(file)) continue;
    Object.assign(env, readLikeSystemd(fs.readFileSync(file, 'utf8')));
  }
  for (const entry of unit.service.get('Environment') ?? []) {
    const eq = entry.indexOf('=');
    env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  const [command, ...args] = unit.service.get('ExecStart')![0]!.split(/\s+/);
  const log = fs.openSync(path.join(state, `${unit.name}.log`), 'a');
  const child = spawn(command!, args, {
    cwd: unit.service.get('WorkingDirectory')![0],
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  fs.writeFileSync(path.join(state, `${unit.name}.pid`), String(child.pid));
  child.unref();
}

async function stop(unit: Unit): Promise<void> {
  const pidFile = path.join(state, `${unit.name}.pid`);
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(pid, 'SIGTERM');
  const timeout = Number(/^(\d+)/.exec(unit.service.get('TimeoutStopSec')?.[0] ?? '90')![1]);
  for (const until = Date.now() + timeout * 1000; alive() && Date.now() < until;)
    await new Promise((r) => setTimeout(r, 100));
  if (alive()) {
    process.kill(pid, 'SIGKILL');
    console.error(`systemctl: ${unit.name} did not stop within TimeoutStopSec=${timeout}: killed`);
    process.exitCode = 1;
  }
  fs.rmSync(pidFile);
}

const [verb, ...rest] = process.argv.slice(2);
const units = rest.filter((a) => !a.startsWith('--')).map(readUnit);
switch (verb) {
  case 'daemon-reload':
  case 'reload':
    break;
  case 'enable':
    if (rest.includes('--now')) for (const u of units) if (u) start(u);
    break;
  case 'start':
    for (const u of units) if (u) start(u);
    break;
  case 'stop': // side by side, as systemd stops the units of one command
    await Promise.all(units.map((u) => u && stop(u)));
    break;
  case 'restart':
    for (const u of units) {
      if (!u) continue;
      await stop(u);
      start(u);
    }
    break;
  default:
    console.error(`systemctl (test stand-in): ${verb} is not supported`);
    process.exitCode = 1;
}
