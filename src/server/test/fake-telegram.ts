// A local stand-in for the Telegram Bot API's sendMessage: records what arrives and answers as Telegram does, or
// as a Telegram that is down (5xx), rate-limiting (429 with retry_after) or unreachable (connection refused).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_BOT_TOKEN = '123456789:AAFakeTokenForTestsOnly_abcdefghij';
export const FAKE_CHAT_ID = '-1001234567890';

export type FakeMessage = { token: string; chatId: string; text: string; at: number };
export type FakeMode =
  | { answer: 'ok' }
  | { answer: 'down'; status: number }
  | { answer: 'rate-limited'; retryAfterS: number };

export async function startFakeTelegram({
  port: wantedPort = 0,
  token = FAKE_BOT_TOKEN,
  chatId = FAKE_CHAT_ID,
}: { port?: number; token?: string; chatId?: string } = {}) {
  const messages: FakeMessage[] = [];
  /** Every request, answered or not (a 429 or 503 too). */
  const requests: { at: number; status: number }[] = [];
  let mode: FakeMode = { answer: 'ok' };
  let delayMs = 0;
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => setTimeout(() => handle(body), delayMs));
    const handle = (body: string) => {
      const match = /^\/bot([^/]+)\/sendMessage$/.exec(req.url ?? '');
      const answer = (status: number, json: object) => {
        requests.push({ at: Date.now(), status });
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      };
      if (!match || req.method !== 'POST')
        return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      if (mode.answer === 'down')
        return answer(mode.status, {
          ok: false,
          error_code: mode.status,
          description: 'Bad Gateway',
        });
      if (mode.answer === 'rate-limited')
        return answer(429, {
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${mode.retryAfterS}`,
          parameters: { retry_after: mode.retryAfterS },
        });
      const { chat_id, text } = JSON.parse(body) as { chat_id: string; text: string };
      if (match[1] !== token)
        return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      if (String(chat_id) !== chatId)
        return answer(400, {
          ok: false,
          error_code: 400,
          description: 'Bad Request: chat not found',
        });
      messages.push({ token: match[1], chatId: String(chat_id), text, at: Date.now() });
      answer(200, { ok: true, result: { message_id: messages.length } });
    };
  });
  server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const port = await listen(wantedPort);
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    messages,
    requests,
    setMode: (m: FakeMode) => void (mode = m),
    /** Each answer waits this long (sends of two workers overlap). */
    setDelay: (ms: number) => void (delayMs = ms),
    /** Stops listening: the Bot API is unreachable (connection refused) until restart(). */
    stop,
    restart: async () => void (await listen(port)),
    close: () => (server.listening ? stop() : Promise.resolve()),
    /** The environment that points the store at this fake. */
    env: () => ({
      TELEGRAM_BOT_TOKEN: token,
      TELEGRAM_CHAT_ID: chatId,
      TELEGRAM_API_BASE: `http://127.0.0.1:${port}`,
    }),
  };
}
export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;
