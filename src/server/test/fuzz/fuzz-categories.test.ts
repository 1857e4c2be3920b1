// Fuzzing POST /api/admin/categories with 10,000 generated bodies: never a 5xx; a created category's id is
// the slug of its name; the same slug twice is a conflict, not a crash.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { categorySlug } from '../../../shared/admin-catalogue.ts';
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
} from './fuzz-helpers.ts';

const { app, db } = await createTestApp();

it(`POST /api/admin/categories: ${RUNS} generated bodies`, async () => {
  const admin = await quickAdmin(db);
  const unicodeName = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _-]{3,30}$/),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  );
  const name = fc.oneof(
    { weight: 4, arbitrary: unicodeName },
    { weight: 4, arbitrary: hostileText },
  );
  const created = new Set<string>();
  await fc.assert(
    fc.asyncProperty(
      body(
        { name: jsonText(name), description: jsonText(hostileText) },
        fc.record({
          name: unicodeName,
          description: fc.string({ unit: 'grapheme', maxLength: 100 }),
        }),
      ),
      async (b) => {
        const res = await postRaw(app, '/api/admin/categories', admin.cookie, b);
        if (res.statusCode === 409) expect(res.json().error.code).toBe('CONFLICT');
        if (res.statusCode !== 201) return;
        const { item } = res.json();
        const input = parseBody(b.payload);
        expect(item.id).toBe(categorySlug(String(input['name'])));
        expect(item.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(created.has(item.id)).toBe(false);
        created.add(item.id);
      },
    ),
    { numRuns: RUNS },
  );
  expect(created.size).toBeGreaterThan(RUNS / 50);
  expect(await db.select().from(categories)).toHaveLength(created.size);
  await expectInvariants(db);
}, 180_000);
