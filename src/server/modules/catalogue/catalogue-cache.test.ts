import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemoShop } from '../../demo/seed.ts';
import { SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { testCipher } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { productGroups } from './catalogue.tables.ts';

const { app, db } = await createTestApp({ env: { CATALOGUE_CACHE: 'true' } });
await seedDemoShop(db, testCipher, 'pw');
const admin = await signedInUser(app, db, { isAdmin: true });

const groupNamed = async (name: string) => {
  const res = await app.inject({ url: '/api/catalogue' });
  return (res.json().groups as { name: string; priceKobo: number }[]).find((g) => g.name === name);
};

describe('the cached catalogue', () => {
  it('shows a change made through the app on the very next read', async () => {
    const [group] = await db
      .select()
      .from(productGroups)
      .where(eq(productGroups.name, 'TikTok Creator Account'));
    expect(await groupNamed('TikTok Creator Account')).toBeDefined();
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/product-groups/${group!.id}/archive`,
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(await groupNamed('TikTok Creator Account')).toBeUndefined();
  });

  it('drops what it cached when the database says the catalogue changed (another process, a direct write)', async () => {
    await groupNamed('Twitter Aged Account'); // fills the cache
    await db
      .update(productGroups)
      .set({ priceKobo: 777_00 })
      .where(eq(productGroups.name, 'Twitter Aged Account'));
    await expect
      .poll(async () => (await groupNamed('Twitter Aged Account'))?.priceKobo, { timeout: 5000 })
      .toBe(777_00);
  });

  it('really serves from memory between changes: a write that sends no notification is not seen until one comes', async () => {
    const before = (await groupNamed('LinkedIn 500+ Connections'))?.priceKobo;
    expect(before).not.toBe(555_00);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`); // triggers off for this write only
      await tx
        .update(productGroups)
        .set({ priceKobo: 555_00 })
        .where(eq(productGroups.name, 'LinkedIn 500+ Connections'));
    });
    expect((await groupNamed('LinkedIn 500+ Connections'))?.priceKobo).toBe(before);
    await db.execute(sql`select pg_notify('catalogue_changed', '')`);
    await expect
      .poll(async () => (await groupNamed('LinkedIn 500+ Connections'))?.priceKobo, {
        timeout: 5000,
      })
      .toBe(555_00);
  });
});
