// Fuzzing webhook registration: generated bodies and addresses through POST /api/me/webhooks never answer 5xx,
// what is stored is always an address the policy allows; and under the production policy no spelling of a
// private, loopback or link-local address (dotted, decimal, hex, octal, short, IPv4-mapped IPv6) gets through.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../../shared/webhooks.ts';
import { checkWebhookUrl, RefusedDestination } from '../../modules/webhooks/check-destination.ts';
import { webhookEndpoints } from '../../modules/webhooks/webhooks.tables.ts';
import { quickCustomer } from '../auth-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { body, hostileText, jsonText, postRaw, RUNS } from './fuzz-helpers.ts';

const { app, db } = await createTestApp();
const runs = Number(process.env.FUZZ_RUNS ?? RUNS / 5);
const production = { allowLoopback: false };

const octet = fc.integer({ min: 0, max: 255 });
/** An IPv4 address in a range no webhook may reach in production. */
const privateV4 = fc.oneof(
  fc.tuple(fc.constant(10), octet, octet, octet),
  fc.tuple(fc.constant(127), octet, octet, octet),
  fc.tuple(fc.constant(169), fc.constant(254), octet, octet),
  fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
  fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
  fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), octet, octet),
  fc.tuple(fc.constant(0), octet, octet, octet),
  fc.tuple(fc.integer({ min: 224, max: 255 }), octet, octet, octet),
);
/** The same address, spelled the many ways a URL parser accepts. */
const spelled = fc.tuple(privateV4, fc.integer({ min: 0, max: 5 })).map(([[a, b, c, d], how]) => {
  const n = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
  const hex = (x: number) => x.toString(16);
  return [
    `${a}.${b}.${c}.${d}`,
    String(n),
    `0x${hex(n)}`,
    `0${a.toString(8)}.0${b.toString(8)}.${c}.${d}`,
    `[::ffff:${a}.${b}.${c}.${d}]`,
    `[::ffff:${hex((a << 8) + b)}:${hex((c << 8) + d)}]`,
  ][how]!;
});

it('refuses every spelling of a private IPv4 address under the production policy', () => {
  fc.assert(
    fc.property(spelled, fc.constantFrom('https', 'http'), (host, scheme) => {
      expect(() => checkWebhookUrl(`${scheme}://${host}/hook`, production)).toThrow(
        RefusedDestination,
      );
    }),
    { numRuns: runs },
  );
});

it(`POST /api/me/webhooks: ${runs} generated bodies never answer 5xx and store only allowed addresses`, async () => {
  const customer = await quickCustomer(db);
  const url = fc.oneof(
    hostileText.map((t) => JSON.stringify(t)),
    spelled.map((h) => JSON.stringify(`https://${h}/x`)),
    fc.webUrl({ withQueryParameters: true, withFragments: true }).map((u) => JSON.stringify(u)),
  );
  const events = jsonText(
    fc.oneof(fc.array(fc.constantFrom(...WEBHOOK_EVENTS, 'order.refunded', '')), hostileText),
  );
  await fc.assert(
    fc.asyncProperty(body({ url, events }), async (b) => {
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, customer.user.id));
      const res = await postRaw(app, '/api/me/webhooks', customer.cookie, b);
      expect(res.statusCode, res.body).toBeLessThan(500);
      const stored = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, customer.user.id));
      expect(stored.length).toBe(res.statusCode === 201 ? 1 : 0);
      // Whatever was stored passes the check again (under the test policy, which allows loopback only).
      for (const e of stored) expect(checkWebhookUrl(e.url, { allowLoopback: true })).toBe(e.url);
    }),
    { numRuns: Math.min(runs, 1000) },
  );
});
