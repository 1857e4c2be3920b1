// Fuzzing the admin edits with 10,000 generated inputs each: PATCH /api/admin/categories/:id, /templates/:id,
// /accounts/:id and /inbox/:id (ids and raw bodies), and GET /api/admin/users?search= (query strings).
// For every input: never a 5xx; a refused input (4xx) leaves the fixture rows and the audit log exactly as
// they were; an accepted one changed only its target, stored what was sent (trimmed where the schema trims)
// and answers with the row as re-read from the database; a group's stock_count stays equal to its available
// accounts. Each test ends by proving that a real share of its inputs was accepted and another refused.
import { asc, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { categories, productGroups } from '../../modules/catalogue/catalogue.tables.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { body, jsonText, parseBody, postRaw, RUNS, orMoneyLike } from './fuzz-helpers.ts';
import { adminEditsFuzzKit } from '../kits/fuzz-admin-edits-kit.ts';

const { app, db, admin, TIMEOUT, fuzzPatches, editedRow, trimmed, mostly, graphemes, notBlank } =
  await adminEditsFuzzKit();

it(
  `PATCH /api/admin/categories/:id: ${RUNS} generated ids and bodies`,
  async ({ annotate }) => {
    const ids: string[] = [];
    for (const name of ['Edit Me A', 'Edit Me B', 'Edit Me C']) {
      const res = await postRaw(app, '/api/admin/categories', admin.cookie, {
        payload: JSON.stringify({ name }),
        contentType: 'application/json',
      });
      ids.push(res.json().item.id);
    }
    await insertGroupWithStock(db, { accounts: 0, categoryId: ids[0]! });
    const productGroupCount: Record<string, number> = { [ids[0]!]: 1, [ids[1]!]: 0, [ids[2]!]: 0 };
    const fixtures = () =>
      db.select().from(categories).where(inArray(categories.id, ids)).orderBy(asc(categories.id));

    const name = fc.oneof(
      { weight: 3, arbitrary: notBlank(30) },
      { weight: 1, arbitrary: fc.constantFrom('  padded  ', 'x'.repeat(80), 'x'.repeat(81), ' ') },
    );
    const valid = fc.record(
      { name: notBlank(40), description: graphemes(100), isActive: fc.boolean() },
      { requiredKeys: ['name'] },
    );
    const fields = {
      name: mostly(name),
      description: mostly(graphemes(100)),
      isActive: mostly(fc.boolean()),
    };
    await fuzzPatches(
      {
        ids,
        bodies: body(fields, valid),
        snapshot: fixtures,
        url: (path) => `/api/admin/categories/${path}`,
        audits: 1,
        annotate,
      },
      async ({ target, b, res, before, after, accepted }) => {
        if (!accepted) return;
        const input = parseBody(b.payload);
        const { was, row } = editedRow(ids, before, after, target.id);
        expect(row).toEqual({
          ...was,
          name: trimmed(input['name']),
          description: trimmed(input['description']),
          isActive: input['isActive'] ?? was.isActive,
        });
        const { id, name, description, isActive } = row;
        expect(res.json().item).toEqual({
          id,
          name,
          description,
          isActive,
          productGroupCount: productGroupCount[id],
        });
      },
    );
  },
  TIMEOUT,
);

it(
  `PATCH /api/admin/product-groups/:id: ${RUNS} generated ids and bodies`,
  async ({ annotate }) => {
    const stocked = await insertGroupWithStock(db, { accounts: 2, categoryId: 'tpl-a' });
    const empty = await insertGroupWithStock(db, { accounts: 0, categoryId: 'tpl-b' });
    const ids = [stocked.id, empty.id];
    const accountCount: Record<string, number> = { [stocked.id]: 2, [empty.id]: 0 };
    const fixtures = () =>
      db
        .select()
        .from(productGroups)
        .where(inArray(productGroups.id, ids))
        .orderBy(asc(productGroups.id));

    const categoryId = fc.constantFrom('tpl-a', 'tpl-b', ' tpl-b ', 'TPL-A', 'no-such-category');
    const price = orMoneyLike(4, fc.integer({ min: 0, max: 10_000_000_000 }), 6);
    const feature = fc.oneof(graphemes(20), fc.constantFrom(' padded ', ' ', 'x'.repeat(81)));
    const features = fc.oneof(
      fc.array(feature, { maxLength: 5 }),
      fc.array(notBlank(10), { minLength: 31, maxLength: 31 }),
    );
    const fields = {
      productName: mostly(fc.oneof(notBlank(40), fc.constantFrom(' padded ', 'x'.repeat(121)))),
      categoryId: mostly(categoryId, 8),
      priceKobo: jsonText(price),
      description: mostly(graphemes(200)),
      features: mostly(features),
      minOrderQuantity: mostly(fc.integer({ min: -1, max: 102 })),
      maxOrderQuantity: mostly(fc.option(fc.integer({ min: -1, max: 102 }), { nil: null })),
      volumePrices: mostly(
        fc.array(
          fc.record({
            minQuantity: fc.integer({ min: -1, max: 102 }),
            priceKobo: fc.integer({ min: -1, max: 10_000_000_000 }),
          }),
          { maxLength: 3 },
        ),
      ),
    };
    const valid = fc.record(
      {
        productName: notBlank(40),
        categoryId,
        priceKobo: fc.integer({ min: 0, max: 10_000_000_000 }),
        description: graphemes(200),
        features: fc.array(notBlank(20), { maxLength: 5 }),
        minOrderQuantity: fc.integer({ min: 1, max: 5 }),
        maxOrderQuantity: fc.option(fc.integer({ min: 5, max: 100 }), { nil: null }),
        volumePrices: fc.constant([]),
      },
      { requiredKeys: ['productName', 'categoryId', 'priceKobo'] },
    );
    await fuzzPatches(
      {
        ids,
        bodies: body(fields, valid),
        snapshot: fixtures,
        url: (path) => `/api/admin/product-groups/${path}`,
        audits: 1,
        annotate,
      },
      async ({ target, b, res, before, after, accepted }) => {
        if (!accepted) return;
        const input = parseBody(b.payload);
        const { was, row } = editedRow(ids, before, after, target.id);
        expect(row).toEqual({
          ...was,
          name: trimmed(input['productName']),
          categoryId: trimmed(input['categoryId']),
          // + 0: a sent -0 is the number zero, which is what the store keeps.
          priceKobo: (input['priceKobo'] as number) + 0,
          description: trimmed(input['description']),
          features: ((input['features'] as string[] | undefined) ?? []).map(trimmed),
          minOrderQuantity: (input['minOrderQuantity'] as number | undefined) ?? 1,
          maxOrderQuantity: (input['maxOrderQuantity'] as number | null | undefined) ?? null,
          volumePrices: [
            ...((input['volumePrices'] as
              { minQuantity: number; priceKobo: number }[] | undefined) ?? []),
          ].sort((a, b) => a.minQuantity - b.minQuantity),
          updatedAt: row.updatedAt,
        });
        // Accepted only as tiers for more accounts at lower prices, each below the one before (and the list price).
        row.volumePrices.forEach((t, i) => {
          expect(t.minQuantity).toBeGreaterThanOrEqual(2);
          expect(t.priceKobo).toBeLessThan(
            i === 0 ? row.priceKobo : row.volumePrices[i - 1]!.priceKobo,
          );
        });
        // Accepted only within the rule: 1 ≤ min ≤ max ≤ MAX_QUANTITY (max may be none).
        expect(row.minOrderQuantity).toBeGreaterThanOrEqual(1);
        if (row.maxOrderQuantity !== null)
          expect(row.maxOrderQuantity).toBeGreaterThanOrEqual(row.minOrderQuantity);
        expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(was.updatedAt.getTime());
        expect(res.json().item).toEqual({
          id: row.id,
          categoryId: row.categoryId,
          categoryName: row.categoryId, // insertGroupWithStock names a category by its id
          name: row.name,
          description: row.description,
          priceKobo: row.priceKobo,
          features: row.features,
          stockCount: accountCount[row.id],
          minOrderQuantity: row.minOrderQuantity,
          maxOrderQuantity: row.maxOrderQuantity,
          volumePrices: row.volumePrices,
          accountCount: accountCount[row.id],
          soldCount: 0,
          isActive: row.isActive,
          createdAt: row.createdAt.toISOString(),
        });
      },
    );
  },
  TIMEOUT,
);
