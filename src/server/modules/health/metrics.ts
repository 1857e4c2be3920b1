// Prometheus metrics of this process: HTTP requests and latencies by route pattern (never the raw URL, so ids and
// tokens stay out and the series stay few), database pool usage, process figures, and the store's gauges read
// from the database (store-gauges.ts), and the failure counters (failure-counters.ts). GET /api/metrics serves them
// to admins, and to a scraper holding METRICS_TOKEN without a session (so they answer, and say the database is
// down, when sessions cannot be read); METRICS_PORT serves them on 127.0.0.1 without sign-in (metrics-server.ts)
// so Prometheus can scrape every process.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';
import type { Db } from '../../db/client.ts';
import { createStoreGauges } from './store-gauges.ts';
import { answers, textAnswer } from '../../http/response-schemas.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics in Prometheus text format. */
    renderMetrics: () => Promise<string>;
  }
}

export const METRICS_CONTENT_TYPE = client.Registry.PROMETHEUS_CONTENT_TYPE;

// Process-wide figures (CPU, memory, event loop, GC) are registered once per process, however many apps run in it.
let processRegistry: client.Registry | null = null;
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function registerMetrics(
  app: FastifyInstance,
  {
    db,
    pool,
    counters,
    token,
  }: { db: Db; pool: pg.Pool; counters?: client.Registry; token?: string | undefined },
): void {
  const registry = new client.Registry();
  const labelNames = ['method', 'route', 'status'];
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const poolGauge = (name: string, help: string, read: () => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  poolGauge(
    'acctstore_db_pool_connections',
    "Open connections in this process's database pool",
    () => pool.totalCount,
  );
  poolGauge(
    'acctstore_db_pool_idle',
    "Idle connections in this process's database pool",
    () => pool.idleCount,
  );
  poolGauge(
    'acctstore_db_pool_waiting',
    'Queries waiting for a free connection in this process',
    () => pool.waitingCount,
  );
  poolGauge(
    'acctstore_db_pool_max',
    "Largest size of this process's database pool (DB_POOL_SIZE)",
    () => pool.options.max ?? 0,
  );
  const refreshStoreGauges = createStoreGauges(registry);

  app.addHook('onResponse', async (req, reply) => {
    const labels = {
      method: req.method,
      route: req.routeOptions.url ?? '(unmatched)',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  app.decorate('renderMetrics', async () => {
    await refreshStoreGauges(db);
    const registries = [processMetrics(), registry, ...(counters ? [counters] : [])];
    return client.Registry.merge(registries).metrics();
  });
  const answer = async (reply: FastifyReply) =>
    reply
      .type(METRICS_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(await app.renderMetrics());

  app.get(
    '/api/metrics',
    {
      config: { access: 'admin' },
      ...answers({ 200: textAnswer(METRICS_CONTENT_TYPE) }),
      logLevel: 'warn',
      // Before the access check, which reads the session from the database: the token alone is enough. Any
      // other request, a wrong token included, goes on to the admin check.
      onRequest: async (req, reply) => {
        if (token && bearerIs(req.headers.authorization, token)) return answer(reply);
      },
    },
    async (_req, reply) => answer(reply),
  );
}

function bearerIs(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}
