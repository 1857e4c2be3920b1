// The batch path (purchase_orders()) is never laxer than the single path (purchase_order()): random streams of
// purchases are sent twice, to two databases set up alike: once with the buyers side by side (so that batches
// form) and once one by one (so that none does). Each buyer's requests go in order either way, and the streams
// are built so that no answer depends on the order between buyers (ample stock, sold-out groups empty, named
// accounts out of the claims' reach). Every answer, balance and sold count must then be the same both ways. Each
// rule of the purchase gets its cases: sessions ended, replays and mismatched keys, groups or categories off sale,
// sold-out groups, named accounts (bought twice, too), balances short, quantities outside the group's limits,
// volume prices, and promo codes (windows, scopes, minimums, uses per customer; no limit of uses in all, whose last
// uses would go to whichever buyer came first: pricing.test.ts races for those); then streams of code purchases that
// mostly complete, so that batches decide a code's uses per customer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import {
  outcome,
  runBuyer,
  setUp,
  type Answer,
} from '../../test/kits/purchase-differential-shops.ts';
import { codeStream, stream, type Stream } from '../../test/kits/purchase-differential-streams.ts';

const sideBySide = await createTestApp();
const oneByOne = await createTestApp();
const RUNS = Number(process.env.DIFF_RUNS ?? 30);
async function sameBothWays(s: Stream) {
  const [a, b] = await Promise.all([setUp(sideBySide.db, s), setUp(oneByOne.db, s)]);
  const together = await Promise.all(s.buyers.map((_, i) => runBuyer(sideBySide, a, s, i)));
  const alone: Answer[][] = [];
  for (const i of s.buyers.keys()) alone.push(await runBuyer(oneByOne, b, s, i));
  expect(await outcome(sideBySide, a, together)).toEqual(await outcome(oneByOne, b, alone));
}

describe('the batch path against the single path', () => {
  it('gives every purchase of a random stream the same answer, side by side (batched) and one by one', async () => {
    const before = sideBySide.app.purchases.batcher.stats();
    await fc.assert(fc.asyncProperty(stream, sameBothWays), { numRuns: RUNS });
    // The side-by-side runs did go through the batch path.
    const after = sideBySide.app.purchases.batcher.stats();
    expect(after.completedInBatches - before.completedInBatches).toBeGreaterThan(0);
    expect(after.failedBatches).toBe(before.failedBatches);
  });

  it('gives every purchase with a promo code the same answer, batched and one by one, uses per customer included', async () => {
    const before = sideBySide.app.purchases.batcher.stats();
    await fc.assert(fc.asyncProperty(codeStream, sameBothWays), { numRuns: RUNS });
    const after = sideBySide.app.purchases.batcher.stats();
    expect(after.completedWithCodeInBatches - before.completedWithCodeInBatches).toBeGreaterThan(0);
    expect(after.failedBatches).toBe(before.failedBatches);
  }, 180_000); // time to shrink a failure too (each step sets up two shops)
});
