// The streams of purchases purchase-differential.test.ts sends both ways: random buyers, groups and promo codes.
import fc from 'fast-check';

export type GroupSpec = {
  priceKobo: number;
  /** The group's quantity per order: min, and max over min (null: none). */
  minOrderQuantity: number;
  maxOverMin: number | null;
  soldOut: boolean;
  isActive: boolean;
  categoryActive: boolean;
  named: number;
  /** Volume prices: none, or from 2 and from 4 accounts. */
  tiered: boolean;
};
export type CodeSpec = {
  percentOff: number | null;
  amountOffKobo: number | null;
  /** For every product, this stream's group n, or group n's category. */
  scope: { kind: 'all' } | { kind: 'product_group' | 'category'; group: number };
  window: 'open' | 'expired' | 'not_started';
  maxUsesPerCustomer: number | null;
  minOrderKobo: number;
};
export type Request = {
  group: number;
  quantity: number;
  /** Buys the named account with this number in its group (quantity 1), when the group has one. */
  named: number | null;
  /** Sends again the key of this earlier request of the same buyer: its body (a replay) or another (a mismatch). */
  again: { of: number; sameBody: boolean } | null;
  /** Uses this stream's code n (n past the last: a code that does not exist). */
  code: number | null;
};
export type BuyerSpec = { balanceKobo: number; sessionEnded: boolean; requests: Request[] };
export type Stream = { groups: GroupSpec[]; codes: CodeSpec[]; buyers: BuyerSpec[] };

export const stream: fc.Arbitrary<Stream> = fc
  .array(
    fc.record({
      priceKobo: fc.constantFrom(0, 50_000, 100_000, 250_000),
      minOrderQuantity: fc.oneof(fc.constant(1), fc.constant(1), fc.integer({ min: 2, max: 3 })),
      maxOverMin: fc.option(fc.integer({ min: 0, max: 2 }), { freq: 2 }),
      soldOut: fc.oneof(...Array.from({ length: 6 }, () => fc.constant(false)), fc.constant(true)),
      isActive: fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)),
      categoryActive: fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)),
      named: fc.integer({ min: 0, max: 2 }),
      tiered: fc.boolean(),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .chain((groups) =>
    fc.record({
      groups: fc.constant(groups),
      codes: fc.array(
        fc.record({
          percentOff: fc.option(fc.constantFrom(10, 33, 100), { freq: 2 }),
          amountOffKobo: fc.constantFrom(20_000, 400_000),
          scope: fc.oneof(
            fc.constant({ kind: 'all' as const }),
            fc.record({
              kind: fc.constantFrom('product_group' as const, 'category' as const),
              group: fc.integer({ min: 0, max: groups.length - 1 }),
            }),
          ),
          window: fc.constantFrom('open', 'open', 'open', 'expired', 'not_started'),
          maxUsesPerCustomer: fc.option(fc.integer({ min: 1, max: 2 }), { freq: 2 }),
          minOrderKobo: fc.constantFrom(0, 0, 150_000),
        }),
        { maxLength: 3 },
      ),
      buyers: fc.array(
        fc.record({
          balanceKobo: fc.constantFrom(0, 100_000, 300_000, 1_000_000),
          sessionEnded: fc.oneof(
            ...Array.from({ length: 7 }, () => fc.constant(false)),
            fc.constant(true),
          ),
          requests: fc.array(
            fc.record({
              group: fc.integer({ min: 0, max: groups.length - 1 }),
              quantity: fc.integer({ min: 1, max: 4 }),
              named: fc.option(fc.integer({ min: 0, max: 1 }), { freq: 4 }),
              again: fc.option(fc.record({ of: fc.nat(), sameBody: fc.boolean() }), { freq: 4 }),
              // Most without a code; those with one are batched too (purchase_orders() prices and counts it), though
              // few complete there, a stream's codes being mostly refused: pricing.test.ts batches them for sure.
              code: fc.oneof(
                { arbitrary: fc.constant(null), weight: 3 },
                { arbitrary: fc.integer({ min: 0, max: 3 }), weight: 1 },
              ),
            }),
            { minLength: 1, maxLength: 6 },
          ),
        }),
        { minLength: 2, maxLength: 10 },
      ),
    }),
  );

/**
 * Streams where most purchases with a code can complete (groups on sale and stocked, codes open with no minimum,
 * money enough for a few, sessions open), so that code purchases complete in batches, one buyer's after another's
 * in later batches: the code's uses per customer are then decided in the batch, against the orders before it.
 */
export const codeStream: fc.Arbitrary<Stream> = stream.map((s) => {
  const codes: CodeSpec[] = (
    s.codes.length > 0
      ? s.codes
      : [
          {
            percentOff: 10,
            amountOffKobo: null,
            scope: { kind: 'all' },
            window: 'open',
            maxUsesPerCustomer: 1,
            minOrderKobo: 0,
          } satisfies CodeSpec,
        ]
  ).map((c) => ({ ...c, window: 'open' as const, minOrderKobo: 0 }));
  return {
    groups: s.groups.map((g) => ({ ...g, soldOut: false, isActive: true, categoryActive: true })),
    codes,
    buyers: s.buyers.map((b) => ({
      ...b,
      balanceKobo: 1_000_000,
      sessionEnded: false,
      requests: b.requests.map((r) => ({ ...r, code: (r.code ?? r.group) % codes.length })),
    })),
  };
});

/** One stream, sent side by side to one database and one by one to the other: the same outcome. */
