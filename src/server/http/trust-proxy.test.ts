// TRUST_PROXY: per-IP limits count the address the configured proxies vouch for, so a made-up
// X-Forwarded-For neither moves a client out of its limit nor lumps real clients behind a proxy together.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { SAME_ORIGIN } from '../test/auth-helpers.ts';

const IP_LIMIT = 30; // wrong passwords per address per minute (auth.service.ts)
const PROXY = '10.0.0.2';

/** One wrong password for a fresh e-mail (so only the per-address limit can apply); the answer's status. */
async function wrongPassword(
  ctx: TestContext,
  remoteAddress: string,
  forwardedFor?: string,
): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { ...SAME_ORIGIN, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: {
      email: `nobody-${crypto.randomBytes(4).toString('hex')}@example.com`,
      password: 'wrong-password',
    },
  });
  return res.statusCode;
}

const forged = () => `198.51.100.${crypto.randomInt(1, 255)}`;

async function statuses(n: number, attempt: () => Promise<number>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < n; i++) seen.push(await attempt());
  return seen;
}

const limited = (n: number) => [
  ...Array<number>(IP_LIMIT).fill(401),
  ...Array<number>(n - IP_LIMIT).fill(429),
];

describe('with TRUST_PROXY unset', async () => {
  const ctx = await createTestApp();

  it('keeps a client that forges X-Forwarded-For in its limit: 35 wrong passwords, the last 5 refused with 429', async () => {
    expect(await statuses(35, () => wrongPassword(ctx, '203.0.113.9', forged()))).toEqual(
      limited(35),
    );
  });
});

describe('with TRUST_PROXY=1 (one reverse proxy)', async () => {
  const ctx = await createTestApp({ env: { TRUST_PROXY: '1' } });

  it('keys the limit on the address the proxy appended, not on what the client wrote before it', async () => {
    expect(await statuses(33, () => wrongPassword(ctx, PROXY, `${forged()}, 203.0.113.7`))).toEqual(
      limited(33),
    );
  });

  it('gives two real clients behind the proxy separate limits', async () => {
    expect(await wrongPassword(ctx, PROXY, '203.0.113.7')).toBe(429);
    expect(await wrongPassword(ctx, PROXY, '203.0.113.8')).toBe(401);
  });
});

describe('with TRUST_PROXY listing the proxy address', async () => {
  const ctx = await createTestApp({ env: { TRUST_PROXY: `${PROXY}/32` } });

  it('ignores X-Forwarded-For from a client that connects directly', async () => {
    expect(await statuses(31, () => wrongPassword(ctx, '203.0.113.20', forged()))).toEqual(
      limited(31),
    );
    expect(await wrongPassword(ctx, PROXY, '203.0.113.21')).toBe(401);
    expect(await wrongPassword(ctx, PROXY, '203.0.113.20')).toBe(429);
  });
});
