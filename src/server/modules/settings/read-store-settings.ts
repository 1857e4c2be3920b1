// Reads the settings row over the environment's values (a column never set takes the environment's), and writes
// the environment's values into a store that has no row yet: after that first start the console is the truth.
import { eq, sql } from 'drizzle-orm';
import type { LogoType } from '../../../shared/store-settings.ts';
import type { Db } from '../../db/client.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { storeSettings } from './settings.tables.ts';
import type { StoreSettings } from './store-settings.ts';

type Row = typeof storeSettings.$inferSelect;

export function fromRow(row: Row | undefined, env: StoreSettings, cipher: CredentialCipher) {
  if (!row) return env;
  return {
    storeName: row.storeName ?? env.storeName,
    supportWhatsapp: row.supportWhatsapp ?? env.supportWhatsapp,
    supportTelegramUrl: row.supportTelegramUrl ?? env.supportTelegramUrl,
    supportEmail: row.supportEmail ?? env.supportEmail,
    officeLocation: row.officeLocation ?? env.officeLocation,
    telegramBotToken: row.telegramBotTokenEnc ? cipher.decrypt(row.telegramBotTokenEnc) : null,
    telegramChatId: row.telegramChatId,
    referralPercent:
      row.referralBasisPoints === null ? env.referralPercent : row.referralBasisPoints / 100,
    referralMaxTopups: row.referralMaxTopups ?? env.referralMaxTopups,
    warrantyHours: row.warrantyHours ?? env.warrantyHours,
    lowStockThreshold: row.lowStockThreshold ?? env.lowStockThreshold,
    logo:
      row.logo && row.logoType
        ? {
            type: row.logoType as LogoType,
            bytes: row.logo,
            version: row.updatedAt.getTime().toString(36),
          }
        : null,
    updatedAt: row.updatedAt,
  } satisfies StoreSettings;
}

export async function readStoreSettings(
  db: Db,
  env: StoreSettings,
  cipher: CredentialCipher,
): Promise<StoreSettings> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  return fromRow(row, env, cipher);
}

/** The row as the environment gives it: a new store's first settings. Does nothing once a row exists. */
export async function seedStoreSettings(
  db: Db,
  env: StoreSettings,
  cipher: CredentialCipher,
): Promise<void> {
  await db
    .insert(storeSettings)
    .values({ id: 1, ...toColumns(env, cipher), updatedAt: sql`now()` })
    .onConflictDoNothing();
}

export function toColumns(s: Omit<StoreSettings, 'logo' | 'updatedAt'>, cipher: CredentialCipher) {
  return {
    storeName: s.storeName,
    supportWhatsapp: s.supportWhatsapp,
    supportTelegramUrl: s.supportTelegramUrl,
    supportEmail: s.supportEmail,
    officeLocation: s.officeLocation,
    telegramBotTokenEnc: s.telegramBotToken ? cipher.encrypt(s.telegramBotToken) : null,
    telegramChatId: s.telegramChatId,
    referralBasisPoints: Math.round(s.referralPercent * 100),
    referralMaxTopups: s.referralMaxTopups,
    warrantyHours: s.warrantyHours,
    lowStockThreshold: s.lowStockThreshold,
  };
}
