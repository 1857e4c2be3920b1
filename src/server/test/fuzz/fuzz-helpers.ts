// Shared pieces of the fuzz tests: hostile values for money and text fields, raw bodies, and a payment
// provider that answers at once so that 10,000 top-ups stay fast.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from '../../modules/payments/payment-provider.ts';
import { checkLedger } from '../../modules/wallet/check-ledger.ts';
import { SAME_ORIGIN } from '../auth-helpers.ts';

/** Inputs per fuzzed endpoint: 10,000 (what docs/GUARANTEES.md states), or FUZZ_RUNS for a quicker local loop. */
export const RUNS = Number(process.env['FUZZ_RUNS']) || 10_000;

let checkouts = 0;
/** Initiates instantly; verification always says PENDING, so nothing is credited behind the test's back. */
export const instantProvider: PaymentProvider = {
  name: 'ercaspay',
  async initiate(input) {
    checkouts++;
    return {
      checkoutUrl: `https://pay.example/checkout/${checkouts}`,
      transactionReference: `FUZZ-${checkouts}`,
      paymentReference: input.paymentReference,
    };
  },
  async verify(transactionReference) {
    return {
      status: 'PENDING',
      rawStatus: 'PENDING',
      amountKobo: 1,
      currency: 'NGN',
      domain: 'live',
      paidAt: null,
      transactionReference,
      paymentReference: null,
      raw: { status: 'PENDING' },
      metadata: null,
      customerEmail: null,
    };
  },
  parseWebhook: () => null,
};

/** Numbers and number-lookalikes a form or a script might send for an amount. */
export const moneyLike: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 100, max: 1_000_000 }),
  fc.integer(),
  fc.double(),
  fc.double({ min: 0, max: 2_000_000, noNaN: true }),
  fc.constantFrom(
    0,
    -0,
    -1,
    0.1,
    0.005,
    99.999,
    100.5,
    1e21,
    1e308,
    -1e308,
    5e-324,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 63,
    1_000_001,
  ),
  fc.constantFrom(
    '1000',
    '1e3',
    '1E5',
    ' 1000 ',
    '0x3e8',
    '1_000',
    '１０００',
    '١٠٠٠',
    'Infinity',
    'NaN',
    '-0',
    '',
    '100.00',
    '1,000',
    '₦1000',
  ),
  fc.string({ unit: 'grapheme' }),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.integer({ min: 100, max: 1000 }), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.integer(), { maxKeys: 3 }),
);

/** Text with everything PostgreSQL and JSON can choke on: NUL, lone surrogates, RTL marks, emoji, very long. */
export const hostileText: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff x',
    '\u202e',
    '😀'.repeat(50),
    "'; drop table users; --",
    '%00',
    '<script>',
    'x'.repeat(5000),
  ),
  fc.constant(null),
  fc.integer(),
  fc.array(fc.string(), { maxLength: 3 }),
);

/** Numeric literals written straight into JSON text: exponents, huge, long fractions, leading zeros. */
export const numericLiteral = fc.oneof(
  fc.stringMatching(/^-?\d{1,30}(\.\d{1,25})?([eE][+-]?\d{1,4})?$/),
  fc.constantFrom(
    '1e400',
    '-1e400',
    '1e-400',
    '100.0000000000000000001',
    '1000e0',
    '0.1e4',
    '100000000000000000000000000000',
  ),
);

/** A field's value as raw JSON text (any value above, or a bare numeric literal). */
export const jsonText = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 3, arbitrary: value.map(stringify) },
    { weight: 1, arbitrary: numericLiteral },
  );

/**
 * A whole request body as text: a record with the given fields (hostile values, sometimes missing, with
 * extra keys), a valid body (so the accepting paths are exercised too), arbitrary JSON, or text that is
 * not JSON at all; and the content type it is sent with.
 */
export function body(
  fields: Record<string, fc.Arbitrary<string>>,
  valid?: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<{ payload: string; contentType: string }> {
  const entries = Object.entries(fields).map(([k, v]) =>
    fc.option(
      v.map((text) => `${JSON.stringify(k)}:${text}`),
      { nil: undefined, freq: 8 },
    ),
  );
  const record = fc
    .tuple(
      fc.tuple(...entries),
      fc.constantFrom(
        '',
        '"__proto__":{"isAdmin":true}',
        '"constructor":{"prototype":{"x":1}}',
        '"extra":[1,2,3]',
      ),
    )
    .map(
      ([parts, extra]) =>
        `{${[...parts.filter((p): p is string => p !== undefined), ...(extra ? [extra] : [])].join(',')}}`,
    );
  const payload = fc.oneof(
    { weight: 6, arbitrary: record },
    ...(valid ? [{ weight: 3, arbitrary: valid.map(stringify) }] : []),
    { weight: 2, arbitrary: fc.json() },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme' }) },
  );
  const contentType = fc.oneof(
    { weight: 12, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'text/csv',
        'multipart/form-data',
        'application/JSON',
        '',
      ),
    },
  );
  return fc.record({ payload, contentType });
}

function stringify(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** The body as the server would read it, when it is a JSON object; otherwise {}. */
export function parseBody(payload: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(payload);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Percent-encodes any string, lone surrogates included, for a path segment. */
export function pathSegment(s: string): string {
  return [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

/** A path id: the known ones `weight` times as often as a random UUID or any text (escaped). */
export const someId = (weight: number, known: fc.Arbitrary<string>, maxLength = 40) =>
  fc.oneof(
    { weight, arbitrary: known },
    fc.uuid(),
    fc.string({ unit: 'binary', maxLength }).map(pathSegment),
  );

/** A field's value: a good one `weight` times as often as hostile text. */
export const orHostile = (weight: number, good: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight, arbitrary: good }, hostileText);

/** An amount: a good one, or any money-like value; each with its weight. */
export const orMoneyLike = (goodWeight: number, good: fc.Arbitrary<unknown>, moneyWeight: number) =>
  fc.oneof({ weight: goodWeight, arbitrary: good }, { weight: moneyWeight, arbitrary: moneyLike });

/** POST a raw body as a same-origin browser would; the answer must never be a server error. */
export async function postRaw(
  app: FastifyInstance,
  url: string,
  cookie: string,
  b: { payload: string; contentType: string },
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: {
      ...SAME_ORIGIN,
      cookie,
      ...(b.contentType ? { 'content-type': b.contentType } : {}),
      ...headers,
    },
    payload: b.payload,
  });
  if (res.statusCode >= 500)
    throw new Error(
      `${url} answered ${res.statusCode} ${res.body} to ${b.contentType} ${JSON.stringify(b.payload).slice(0, 500)}`,
    );
  return res;
}

/** After a run: every invariant of check-ledger holds and no wallet is below zero. */
export async function expectInvariants(db: Db): Promise<void> {
  expect(await checkLedger(db)).toEqual([]);
  const negative = await db.execute(sql`select id from users where wallet_balance_kobo < 0`);
  expect(negative.rows).toEqual([]);
}
