// Starts the measured servers (server-process.ts) as child processes and talks to them over IPC.
// BENCH_CPU_PROF=1 runs them under --cpu-prof; profiles land in .tmp/bench/profiles/.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCleanup } from './cleanup.ts';
import type { FromServer, ServerOptions, ServerStats, ToServer } from './server-process.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const benchOutDir = path.join(repoRoot, '.tmp/bench');
const childScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-process.ts');

export type BenchServer = {
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  pid: number;
  stats: () => Promise<ServerStats>;
  stop: () => Promise<void>;
};

export async function startServer(name: string, options: ServerOptions): Promise<BenchServer> {
  // BENCH_SERVER_FLAGS: Node flags for the measured server, for experiments (--max-semi-space-size=64, say).
  const execArgv: string[] = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  if (process.env.BENCH_CPU_PROF === '1') {
    const dir = path.join(benchOutDir, 'profiles');
    fs.mkdirSync(dir, { recursive: true });
    execArgv.push(
      '--cpu-prof',
      `--cpu-prof-dir=${dir}`,
      `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`,
    );
  }
  const child: ChildProcess = fork(childScript, [], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.send({ type: 'stop' } satisfies ToServer);
    await exited;
    clearTimeout(timer);
  };
  onCleanup(stop);

  const next = (type: FromServer['type']) =>
    new Promise<FromServer>((resolve, reject) => {
      const onMessage = (m: FromServer) => {
        if (m.type === type || m.type === 'failed') {
          child.off('message', onMessage);
          child.off('exit', onExit);
          if (m.type === 'failed') reject(new Error(`${name} server failed:\n${m.message}`));
          else resolve(m);
        }
      };
      const onExit = (code: number | null) => {
        child.off('message', onMessage);
        reject(new Error(`${name} server exited (code ${code}) while waiting for '${type}'`));
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });

  const ready = next('ready');
  child.send({ type: 'start', options } satisfies ToServer);
  const { port } = (await ready) as Extract<FromServer, { type: 'ready' }>;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stats: async () => {
      const reply = next('stats');
      child.send({ type: 'stats' } satisfies ToServer);
      return ((await reply) as Extract<FromServer, { type: 'stats' }>).stats;
    },
    stop,
  };
}
