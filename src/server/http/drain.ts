// Graceful shutdown. On SIGTERM the store first drains: /api/health answers 503 "draining" so a load balancer
// stops sending new work, every answer carries Connection: close so keep-alive clients reconnect elsewhere
// instead of having an idle socket cut under them, and the listener stays open for the grace period so that
// nothing arriving meanwhile is refused. Then the listener closes (new connections are refused from here on),
// in-flight requests finish, and main.ts stops the database after this resolves.
import net from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the moment shutdown starts; /api/health reports it. */
    isDraining: () => boolean;
  }
}

/** How long in-flight requests may still run once the listener has closed before their sockets are cut. */
export const IN_FLIGHT_LIMIT_MS = 30_000;

/** Time for a just-accepted connection's request to arrive before idle sockets are closed. */
const SETTLE_MS = 250;

const state = new WeakMap<FastifyInstance, { draining: boolean }>();

export function registerDrain(app: FastifyInstance): void {
  const s = { draining: false };
  state.set(app, s);
  app.decorate('isDraining', () => s.draining);
  app.addHook('onSend', async (_req, reply) => {
    if (s.draining) reply.header('connection', 'close');
  });
}

/** Drains for `graceMs`, then closes the app (listener, in-flight requests, jobs, onClose hooks). */
export async function drainAndClose(
  app: FastifyInstance,
  graceMs: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const s = state.get(app);
  if (s) s.draining = true;
  log.info({ graceMs }, 'draining: health answers 503, connections close after their answer');
  // Nothing to drain when start-up failed before the listener opened.
  if (graceMs > 0 && app.server.listening)
    await new Promise((resolve) => setTimeout(resolve, graceMs));
  // Stop accepting first, then give connections accepted a moment ago the time to deliver their request:
  // closing "idle" sockets at once (what server.close() does) would reset a client whose request is on the wire.
  net.Server.prototype.close.call(app.server);
  // Logged once the listener is closed, so whoever reads it (drain.test.ts) finds new connections refused.
  log.info('closing the listener; waiting for in-flight requests');
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const cut = setTimeout(() => {
    log.warn(
      { limitMs: IN_FLIGHT_LIMIT_MS },
      'in-flight requests still running: closing their connections',
    );
    app.server.closeAllConnections();
  }, IN_FLIGHT_LIMIT_MS);
  cut.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
