import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../app.ts';
import { createTestApp, testConfig } from '../test/test-app.ts';

// The app logs through the store's own logger options into these lines, so the test sees what an operator greps.
const lines: { reqId?: string; msg?: string }[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as { reqId?: string });
    done();
  },
});
const logger = pino(
  { ...(loggerOptions(testConfig()) as pino.LoggerOptions), level: 'info' },
  sink,
);
const { app } = await createTestApp({ deps: { logger } });

describe('X-Request-Id', () => {
  it('gives every answer an id, a fresh one per request, on errors too', async () => {
    const ok = await app.inject({ url: '/api/site' });
    const missing = await app.inject({ url: '/api/does-not-exist' });
    const refused = await app.inject({ url: '/api/wallet' });
    expect(refused.statusCode).toBe(401);
    const ids = [ok, missing, refused].map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('keeps a well-formed incoming id, and it is the request id of the log lines', async () => {
    const res = await app.inject({ url: '/api/site', headers: { 'x-request-id': 'lb-7f3a.2_x' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.2_x');
    const logged = lines.filter((l) => l.reqId === 'lb-7f3a.2_x').map((l) => l.msg);
    expect(logged).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['a space', 'abc def'],
    ['a backslash', 'abc\\nfake'],
    ['a slash', 'a/b'],
    ['quotes', '"x"'],
  ])('replaces an incoming id with %s', async (_what, bad) => {
    const res = await app.inject({ url: '/api/site', headers: { 'x-request-id': bad } });
    expect(res.headers['x-request-id']).not.toBe(bad);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('accepts the longest well-formed id', async () => {
    const id = 'A'.repeat(64);
    expect(
      (await app.inject({ url: '/api/site', headers: { 'x-request-id': id } })).headers[
        'x-request-id'
      ],
    ).toBe(id);
  });
});
