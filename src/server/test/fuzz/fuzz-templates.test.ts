// Fuzzing POST /api/admin/product-groups with 10,000 generated bodies: never a 5xx; a created template has the
// price (whole kobo, not negative) and category it was given, and no stock.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { categories } from '../../modules/catalogue/catalogue.tables.ts';
import { quickAdmin } from '../auth-helpers.ts';
import { createTestApp } from '../test-app.ts';
import {
  body,
  expectInvariants,
  hostileText,
  jsonText,
  parseBody,
  postRaw,
  RUNS,
  orHostile,
  orMoneyLike,
} from './fuzz-helpers.ts';

const { app, db } = await createTestApp();

it(`POST /api/admin/product-groups: ${RUNS} generated bodies`, async () => {
  const admin = await quickAdmin(db);
  await db.insert(categories).values([
    { id: 'fuzz', name: 'Fuzz' },
    { id: 'fuzz-2', name: 'Fuzz 2', isActive: false },
  ]);
  const categoryId = orHostile(6, fc.constantFrom('fuzz', 'fuzz-2'));
  const price = orMoneyLike(4, fc.integer({ min: 0, max: 10_000_000_000 }), 6);
  const features = fc.oneof(
    fc.array(fc.string({ unit: 'grapheme', maxLength: 90 }), { maxLength: 35 }),
    hostileText,
  );
  const name = orHostile(3, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }));
  let created = 0;
  await fc.assert(
    fc.asyncProperty(
      body(
        {
          productName: jsonText(name),
          categoryId: jsonText(categoryId),
          priceKobo: jsonText(price),
          description: jsonText(hostileText),
          features: jsonText(features),
        },
        fc.record({
          productName: fc
            .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
            .filter((s) => s.trim() !== ''),
          categoryId: fc.constantFrom('fuzz', 'fuzz-2'),
          priceKobo: fc.integer({ min: 0, max: 10_000_000_000 }),
          description: fc.string({ unit: 'grapheme', maxLength: 200 }),
          features: fc.array(
            fc
              .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
              .filter((s) => s.trim() !== ''),
            { maxLength: 5 },
          ),
        }),
      ),
      async (b) => {
        const res = await postRaw(app, '/api/admin/product-groups', admin.cookie, b);
        if (res.statusCode !== 201) return;
        const input = parseBody(b.payload);
        const { item } = res.json();
        expect(Number.isSafeInteger(item.priceKobo) && item.priceKobo >= 0).toBe(true);
        // + 0 turns a sent -0 into 0: JSON's -0 is the number zero, which is what the store keeps.
        expect([item.priceKobo, item.categoryId, item.stockCount]).toEqual([
          (input['priceKobo'] as number) + 0,
          input['categoryId'],
          0,
        ]);
        created++;
      },
    ),
    { numRuns: RUNS },
  );
  expect(created).toBeGreaterThan(RUNS / 50);
  await expectInvariants(db);
}, 180_000);
