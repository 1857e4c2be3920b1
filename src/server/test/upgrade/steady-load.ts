// A few customers buying steadily, one purchase after another each, spread over the store processes in rotation
// (as Caddy's round robin spreads them); a process taken out of rotation gets no new purchase (the proxy's health
// check), then drains. Every answer is counted under the phase it was sent in. A failed purchase is any answer
// other than 2xx, an honest OUT_OF_STOCK or INSUFFICIENT_BALANCE, or no answer at all: the checkout shows
// "Purchase failed" for a 500 without asking again.
import crypto from 'node:crypto';
import type { ServerProcess } from '../spawn-server.ts';

export type PhaseCount = {
  purchases: number;
  failed: number;
  statuses: Record<string, number>;
  /** When the phase began (ms since the epoch). */
  began: number;
};

export function steadyLoad(shop: { groupId: string; cookies: string[] }, pauseMs: number) {
  const rotation: ServerProcess[] = [];
  const counts = new Map<string, PhaseCount>();
  let phase = '';
  const inFlight = new Map<string, number>();
  let turn = 0;
  let stopped = false;

  const record = (at: string, status: string, failed: boolean) => {
    const c = counts.get(at)!;
    c.purchases++;
    if (failed) c.failed++;
    c.statuses[status] = (c.statuses[status] ?? 0) + 1;
  };

  const customer = async (cookie: string) => {
    while (!stopped) {
      const server = rotation[turn++ % rotation.length]!;
      const at = phase;
      inFlight.set(at, (inFlight.get(at) ?? 0) + 1);
      const res = await fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: {
          cookie,
          origin: server.url,
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({ productGroupId: shop.groupId, quantity: 1 }),
      }).catch(() => undefined);
      if (!res) record(at, 'no answer', true);
      else {
        const body = (await res.json().catch(() => ({}))) as { code?: string };
        const honest = body.code === 'OUT_OF_STOCK' || body.code === 'INSUFFICIENT_BALANCE';
        record(at, body.code ?? String(res.status), !res.ok && !honest);
      }
      inFlight.set(at, inFlight.get(at)! - 1);
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  };

  let running: Promise<unknown> = Promise.resolve();
  return {
    counts,
    rotation,
    /** Purchases sent from now on count under this phase. */
    enter(name: string) {
      phase = name;
      counts.set(name, { purchases: 0, failed: 0, statuses: {}, began: Date.now() });
      if (process.env.UPGRADE_TEST_PROGRESS) process.stderr.write(`upgrade test: ${name}\n`);
    },
    start() {
      running = Promise.all(shop.cookies.map(customer));
    },
    /** Waits `ms`, and longer if need be until the current phase has `purchases` answered (a slow machine). */
    async sell(ms: number, purchases = 20) {
      const until = Date.now() + ms;
      while (Date.now() < until || counts.get(phase)!.purchases < purchases)
        await new Promise((r) => setTimeout(r, 100));
    },
    /** Waits until every purchase sent in an earlier phase has its answer. */
    async earlierAnswered() {
      while ([...inFlight].some(([p, n]) => p !== phase && n > 0))
        await new Promise((r) => setTimeout(r, 20));
    },
    async stop() {
      stopped = true;
      await running;
    },
    /** Takes a process out of rotation, puts its replacement in, and stops it (SIGTERM: it drains). */
    async replace(old: ServerProcess, replacement: ServerProcess) {
      rotation.splice(rotation.indexOf(old), 1, replacement);
      old.child.kill('SIGTERM');
      await old.exited;
    },
  };
}
