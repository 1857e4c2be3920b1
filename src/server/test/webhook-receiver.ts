// A reseller's webhook receiver in tests: a local HTTP server that records every POST (headers, raw body) and
// answers with the status the test sets; plus registering an endpoint the way a customer does (POST /api/me/webhooks).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

import type { CreatedWebhook, WebhookEvent, WebhookList } from '../../shared/webhooks.ts';
import { SAME_ORIGIN } from './auth-helpers.ts';
import { whenDone } from './when-done.ts';

export type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };

export async function startWebhookReceiver() {
  const received: Received[] = [];
  let status = 200;
  let delayMs = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      setTimeout(() => res.writeHead(status).end('ok'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  whenDone(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerWith: (code: number) => void (status = code),
    delayAnswers: (ms: number) => void (delayMs = ms),
  };
}

export function webhookClient(app: FastifyInstance) {
  const register = async (
    cookie: string,
    url: string,
    events: WebhookEvent[] = ['order.completed', 'topup.credited', 'report.resolved'],
  ): Promise<CreatedWebhook> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/me/webhooks',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { url, events },
    });
    if (res.statusCode !== 201) throw new Error(`webhook not registered: ${res.body}`);
    return res.json();
  };
  const list = async (cookie: string): Promise<WebhookList> =>
    (await app.inject({ url: '/api/me/webhooks', headers: { cookie } })).json();
  const resend = (cookie: string, deliveryId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/me/webhooks/deliveries/${deliveryId}/resend`,
      headers: { cookie, ...SAME_ORIGIN },
    });
  return { register, list, resend };
}
