// The store's settings (docs/decisions/030-store-settings.md): one typed row, id 1. A NULL column has never been
// set, and reads take the environment's value for it; the first start writes the environment's values in.
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const storeSettings = pgTable(
  'store_settings',
  {
    id: smallint('id').primaryKey(),
    storeName: text('store_name'),
    supportWhatsapp: text('support_whatsapp'),
    supportTelegramUrl: text('support_telegram_url'),
    supportEmail: text('support_email'),
    officeLocation: text('office_location'),
    /** Sealed with the credentials key, like stock credentials (maintenance/sealed-values.ts rotates it). */
    telegramBotTokenEnc: bytea('telegram_bot_token_enc'),
    telegramChatId: text('telegram_chat_id'),
    /** Hundredths of a percent: 5% is 500 (the percentage has at most two decimals). */
    referralBasisPoints: integer('referral_basis_points'),
    referralMaxTopups: integer('referral_max_topups'),
    warrantyHours: integer('warranty_hours'),
    /** Read by product_groups_low_stock_alert() (22-product-groups-low-stock-alert.sql). */
    lowStockThreshold: integer('low_stock_threshold'),
    logo: bytea('logo'),
    logoType: text('logo_type'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check('store_settings_one_row', sql`${t.id} = 1`),
    check('store_settings_referral', sql`${t.referralBasisPoints} between 0 and 10000`),
    check('store_settings_low_stock', sql`${t.lowStockThreshold} >= 0`),
    check('store_settings_logo', sql`(${t.logo} is null) = (${t.logoType} is null)`),
  ],
);
