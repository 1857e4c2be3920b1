// Seeds the demo shop once, on a database that has never been seeded; a second start changes nothing.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { nairaToKobo } from '../../shared/money.ts';
import type { Db } from '../db/client.ts';
import { demoCatalogue } from './demo-catalogue.ts';
import { categories, productGroups, stockAccounts, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/password.ts';
import type { CredentialCipher } from '../modules/stock/credential-cipher.ts';

export const DEMO_ADMIN_EMAIL = 'admin@acctstore.local';
const SEED_LOCK_ID = 7_340_113;

export type SeedResult =
  { seeded: false } | { seeded: true; adminEmail: string; adminPassword: string };

export async function seedDemoShop(
  db: Db,
  cipher: CredentialCipher,
  fixedAdminPassword?: string,
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ id: categories.id }).from(categories).limit(1);
    if (existing) return { seeded: false } as const;

    const adminPassword = fixedAdminPassword ?? crypto.randomBytes(9).toString('base64url');
    const [admin] = await tx
      .insert(users)
      .values({
        email: DEMO_ADMIN_EMAIL,
        fullName: 'admin',
        passwordHash: await hashPassword(adminPassword),
        isAdmin: true,
        emailConfirmedAt: new Date(),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });

    for (const category of demoCatalogue) {
      await tx
        .insert(categories)
        .values({ id: category.id, name: category.name, description: category.description });
      for (const group of category.groups) {
        const [row] = await tx
          .insert(productGroups)
          .values({
            categoryId: category.id,
            name: group.name,
            description: group.description,
            priceKobo: nairaToKobo(group.priceNaira),
            features: group.features,
            stockCount: group.stock,
          })
          .returning({ id: productGroups.id });
        if (group.stock === 0) continue;
        await tx.insert(stockAccounts).values(
          Array.from({ length: group.stock }, (_, i) => {
            const username = `${category.id.replace(/-/g, '_')}_demo_${String(i + 1).padStart(3, '0')}`;
            return {
              productGroupId: row!.id,
              username,
              email: `${username}@mail.example`,
              passwordEnc: cipher.encrypt(crypto.randomBytes(9).toString('base64url')),
              emailPasswordEnc: cipher.encrypt(crypto.randomBytes(9).toString('base64url')),
              additionalInfo: { followers: 1000 + i * 37 },
            };
          }),
        );
      }
    }
    return admin
      ? ({ seeded: true, adminEmail: DEMO_ADMIN_EMAIL, adminPassword } as const)
      : ({ seeded: false } as const);
  });
}
