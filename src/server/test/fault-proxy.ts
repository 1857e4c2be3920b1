// A fault-injecting HTTP proxy for the supplier tests (issue 54): it stands between our store and a supplier store
// and, for the requests a fault matches, is slow, down (nothing listens: connection refused), answers 5xx without
// asking the supplier, or asks the supplier, lets it commit, and then answers 5xx or cuts our connection before a
// byte of the answer. Everything else passes through unchanged. It counts what it forwarded.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  /** Forwarded, the answer held back `delayMs` (longer than our client waits). */
  | { kind: 'slow'; delayMs: number }
  /** Answered 503 without asking the supplier. */
  | { kind: '5xx_before' }
  /** Forwarded (the supplier commits), its answer replaced by a 502. */
  | { kind: '5xx_after' }
  /** Forwarded (the supplier commits), then our socket destroyed before the answer. */
  | { kind: 'cut_after_commit' };

export type FaultProxy = {
  url: string;
  /** The next `times` requests that `matches` accepts get the fault; the rest pass. */
  inject: (fault: Fault, times: number, matches?: (req: http.IncomingMessage) => boolean) => void;
  /** Down: the port closed (connection refused) until up() listens on it again. */
  down: () => Promise<void>;
  up: () => Promise<void>;
  /** Requests forwarded to the supplier, and faults applied, so far. */
  stats: () => { forwarded: number; faulted: number };
  close: () => Promise<void>;
};

/** Purchases only: POST /api/v1/orders. */
export const isPurchase = (req: http.IncomingMessage) =>
  req.method === 'POST' && (req.url ?? '').startsWith('/api/v1/orders');

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const to = new URL(target);
  let plan: { fault: Fault; left: number; matches: (req: http.IncomingMessage) => boolean } | null =
    null;
  let forwarded = 0;
  let faulted = 0;
  const sockets = new Set<Socket>();

  const forward = (req: http.IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        forwarded++;
        const out = http.request(
          {
            host: to.hostname,
            port: to.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: to.host },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            );
            res.on('error', reject);
          },
        );
        out.on('error', reject);
        out.end(body);
      },
    );

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    let fault: Fault | null = null;
    if (plan && plan.left > 0 && plan.matches(req)) {
      plan.left--;
      faulted++;
      fault = plan.fault;
    }
    try {
      if (fault?.kind === '5xx_before') {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
        return;
      }
      const answer = await forward(req, body);
      if (fault?.kind === 'cut_after_commit') {
        req.socket.destroy();
        return;
      }
      if (fault?.kind === '5xx_after') {
        res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway');
        return;
      }
      if (fault?.kind === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs));
      const { 'transfer-encoding': _te, connection: _c, ...headers } = answer.headers;
      res.writeHead(answer.status, headers).end(answer.body);
    } catch {
      if (!res.headersSent) res.writeHead(502).end();
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const listen = (port = 0) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  const port = await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    inject(fault, times, matches = isPurchase) {
      plan = { fault, left: times, matches };
    },
    down: stop,
    up: async () => {
      await listen(port);
    },
    stats: () => ({ forwarded, faulted }),
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
