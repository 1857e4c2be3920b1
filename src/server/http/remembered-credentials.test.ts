// The one credential cache's rule, for sessions and API keys alike: memory answers only a route whose verb checks
// the session again (the purchase), and never once the session has ended.
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { rememberCredentials } from './remembered-credentials.ts';

const route = (sessionCheckedByVerb: boolean) =>
  ({ routeOptions: { config: { sessionCheckedByVerb } } }) as unknown as FastifyRequest;

describe('remembered credentials', () => {
  it('answer the purchase from memory, every other route from a fresh read, and nothing past the session end', async () => {
    const read = rememberCredentials<{ expiresAt: Date; n: number }>();
    let reads = 0;
    let expiresAt = new Date(Date.now() + 60_000);
    const lookup = async () => ({ expiresAt, n: ++reads });
    expect((await read(route(true), 'h', lookup))?.n).toBe(1);
    expect((await read(route(true), 'h', lookup))?.n).toBe(1); // remembered
    expect((await read(route(false), 'h', lookup))?.n).toBe(2); // any other route reads again
    expiresAt = new Date(Date.now() - 1);
    expect((await read(route(false), 'h', lookup))?.n).toBe(3);
    expect((await read(route(true), 'h', lookup))?.n).toBe(4); // ended: read again, not remembered
    expect(await read(route(true), 'gone', async () => undefined)).toBeUndefined();
  });
});
