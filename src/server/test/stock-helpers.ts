// Test helpers: a product group with n encrypted stock accounts, inserted directly.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, productGroups } from '../modules/catalogue/catalogue.tables.ts';
import { createCredentialCipher } from '../modules/stock/credential-cipher.ts';
import { recomputeStockCount } from '../modules/stock/stock-count.ts';
import { stockAccounts } from '../modules/stock/stock.tables.ts';

/** The same key as testConfig's CREDENTIALS_KEY, so the app can open what tests seal. */
export const testCipher = createCredentialCipher(Buffer.from('a'.repeat(64), 'hex'));

/** A product group's stock_count as stored. */
export async function stockCountOf(db: Db, productGroupId: string): Promise<number> {
  const [row] = await db
    .select({ n: productGroups.stockCount })
    .from(productGroups)
    .where(eq(productGroups.id, productGroupId));
  return row!.n;
}

export async function insertGroupWithStock(
  db: Db,
  opts: { accounts: number; priceKobo?: number; name?: string; categoryId?: string },
) {
  const categoryId = opts.categoryId ?? `cat-${crypto.randomBytes(4).toString('hex')}`;
  await db.insert(categories).values({ id: categoryId, name: categoryId }).onConflictDoNothing();
  const [group] = await db
    .insert(productGroups)
    .values({
      categoryId,
      name: opts.name ?? `Group ${categoryId}`,
      priceKobo: opts.priceKobo ?? 100_000,
      features: ['a'],
    })
    .returning();
  const tag = crypto.randomBytes(3).toString('hex');
  if (opts.accounts > 0) {
    await db.insert(stockAccounts).values(
      Array.from({ length: opts.accounts }, (_, i) => ({
        productGroupId: group!.id,
        username: `user_${tag}_${i}`,
        email: `user_${tag}_${i}@mail.example`,
        passwordEnc: testCipher.encrypt(`pw-${tag}-${i}`),
        emailPasswordEnc: testCipher.encrypt(`epw-${tag}-${i}`),
        additionalInfo: { followers: 100 + i },
      })),
    );
  }
  await recomputeStockCount(db, group!.id);
  return group!;
}
