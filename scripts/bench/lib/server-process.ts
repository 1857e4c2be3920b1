// The child process a benchmark measures: either the real store (buildApp on the bench database) or a
// bare Fastify app that answers one JSON payload from memory. Each listens on its own loopback port, so
// the load generator in the parent process never shares an event loop with the server it measures.
// Driven over IPC by server.ts: 'start' -> 'ready' {port}; 'stats' -> 'stats'; 'stop' -> exit.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../../../src/server/db/client.ts';

export type StoreOptions = {
  mode: 'store';
  databaseUrl: string;
  credentialsKey: string;
  dataDir: string;
  logLevel: string;
  poolSize: number;
  /** The e-mail bench: SMTP to its sink, and the background jobs (the outbox worker) running. */
  smtpUrl?: string;
  startJobs?: boolean;
};
export type BareOptions = { mode: 'bare'; payload: unknown };
export type ServerOptions = StoreOptions | BareOptions;

export type ServerStats = {
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  externalBytes: number;
  /** Peak resident set size since the process started. */
  maxRssBytes: number;
  /** CPU time used since the process started (user + system), in microseconds. */
  cpuMicros: number;
};

export type ToServer =
  { type: 'start'; options: ServerOptions } | { type: 'stats' } | { type: 'stop' };
export type FromServer =
  | { type: 'ready'; port: number }
  | { type: 'stats'; stats: ServerStats }
  | { type: 'failed'; message: string };

function send(message: FromServer): void {
  process.send!(message);
}

function stats(): ServerStats {
  const m = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    rssBytes: m.rss,
    heapUsedBytes: m.heapUsed,
    heapTotalBytes: m.heapTotal,
    externalBytes: m.external,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    cpuMicros: cpu.user + cpu.system,
  };
}

async function start(
  options: ServerOptions,
): Promise<{ app: FastifyInstance; database?: Database }> {
  if (options.mode === 'bare') {
    const app = Fastify({ logger: false });
    app.get('/api/catalogue', async (_req, reply) => {
      reply.header('cache-control', 'no-cache');
      return options.payload;
    });
    return { app };
  }
  // Loaded here, not at the top: the bare app's process must not carry the store's modules in its memory.
  const { buildApp } = await import('../../../src/server/app.ts');
  const { loadConfig } = await import('../../../src/server/config.ts');
  const { connectDatabase } = await import('../../../src/server/db/client.ts');
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: options.logLevel,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    DB_POOL_SIZE: String(options.poolSize),
    CREDENTIALS_KEY: options.credentialsKey,
    // The same-origin guard also accepts an Origin whose host is the request's Host header, which is what
    // the load generator sends; the port is only known after listen({ port: 0 }).
    PUBLIC_URL: 'http://127.0.0.1',
    DEMO_SEED: 'false',
    // The reseller API run's keys are counted against their limit (its cost is measured) but never reach it.
    API_KEY_REQUESTS_PER_MINUTE: '100000',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
  });
  // As main.ts does: one pool of DB_POOL_SIZE connections for the whole app.
  const database = connectDatabase(config.DATABASE_URL!, config.DB_POOL_SIZE);
  const app = await buildApp({ config, database, startJobs: options.startJobs ?? false });
  return { app, database };
}

let running: { app: FastifyInstance; database?: Database } | null = null;

process.on('message', (message: ToServer) => {
  if (message.type === 'start') {
    start(message.options)
      .then(async (r) => {
        running = r;
        await r.app.listen({ port: 0, host: '127.0.0.1' });
        const address = r.app.server.address();
        send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
      })
      .catch((err: unknown) => {
        send({
          type: 'failed',
          message: err instanceof Error ? (err.stack ?? err.message) : String(err),
        });
        process.exit(1);
      });
  } else if (message.type === 'stats') {
    send({ type: 'stats', stats: stats() });
  } else if (message.type === 'stop') {
    // A normal exit (not a signal), so that --cpu-prof writes its profile.
    void (async () => {
      try {
        await running?.app.close();
        await running?.database?.close();
      } finally {
        process.exit(0);
      }
    })();
  }
});
// The parent died without saying stop: do not linger.
process.on('disconnect', () => process.exit(0));
