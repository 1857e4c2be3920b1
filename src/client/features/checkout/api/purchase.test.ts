// A purchase answered by the proxy (502/503/504, or no answer) is asked again under the same Idempotency-Key, so a
// store that died after buying still ends in the customer's order; the store's own refusals are not retried.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { purchase } from './purchase.ts';

const input = { productGroupId: 'g1', quantity: 1 };
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('purchase', () => {
  it('asks again with the same key after a proxy failure or no answer, and returns the order', async () => {
    const keys: string[] = [];
    const replies = [
      () => answer(502, {}),
      () => Promise.reject(new TypeError('fetch failed')),
      () => answer(200, { order: { id: 'o1' }, balanceKobo: 5 }),
    ];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key']!);
      return replies[keys.length - 1]!();
    });
    await expect(purchase(input, 'key-1', [0, 0, 0])).resolves.toMatchObject({
      order: { id: 'o1' },
    });
    expect(keys).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it("does not ask again after the store's own answer, nor past the last pause", async () => {
    let calls = 0;
    vi.stubGlobal('fetch', () => {
      calls++;
      return answer(409, { error: { code: 'OUT_OF_STOCK', message: 'Out of stock' } });
    });
    await expect(purchase(input, 'key-2', [0, 0])).rejects.toMatchObject({ status: 409 });
    expect(calls).toBe(1);
    calls = 0;
    vi.stubGlobal('fetch', () => (calls++, answer(503, {})));
    await expect(purchase(input, 'key-3', [0, 0])).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(3);
  });
});
