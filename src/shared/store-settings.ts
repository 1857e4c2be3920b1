// The store's own settings, changed in the console (GET/PUT /api/admin/settings) and applied by every process at
// once; the environment gives only their first values (docs/decisions/030-store-settings.md). The Telegram bot's
// token is write-only: the console hears whether one is set, never the token.
import { z } from 'zod';

/** The console's labels, as the issue names the fields. */
export const storeSettingLabels = {
  storeName: 'Store name',
  logo: 'Logo',
  supportWhatsapp: 'WhatsApp',
  supportTelegramUrl: 'Telegram',
  supportEmail: 'E-mail',
  officeLocation: 'Office',
  telegramBotToken: 'Telegram bot token',
  telegramChatId: 'Telegram chat id',
  referralPercent: 'Referral percentage',
  referralMaxTopups: 'Rewarded top-ups',
  warrantyHours: 'Warranty hours',
  lowStockThreshold: 'Low-stock threshold',
} as const;

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
export const LOGO_MAX_BYTES = 256 * 1024;

const twoDecimals = (p: number) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6;

/** The settings everyone may change; the token is apart (write-only). */
const editable = {
  storeName: z
    .string()
    .trim()
    .min(1, 'Enter the store name')
    .max(60, 'The store name is at most 60 characters')
    .refine((s) => !/[<>"\r\n]/.test(s), 'The store name cannot contain <, >, " or line breaks'),
  supportWhatsapp: z
    .string()
    .trim()
    .max(40)
    .regex(/^\+?[\d\s()-]{7,}$/, 'Enter a WhatsApp number, e.g. +234 800 000 0000'),
  supportTelegramUrl: z
    .string()
    .trim()
    .regex(/^https:\/\/t\.me\/\w{3,}$/, 'Enter a Telegram link, e.g. https://t.me/yourshop'),
  supportEmail: z.email('Enter the support e-mail address').max(200),
  officeLocation: z.string().trim().min(1, 'Enter the office location').max(120),
  telegramChatId: z
    .string()
    .trim()
    .regex(/^(-?\d+|@\w{5,})$/, 'The chat id is a number (from getUpdates) or an @channel name')
    .nullable(),
  referralPercent: z
    .number('Enter the referral percentage')
    .min(0, 'The referral percentage is between 0 and 100')
    .max(100, 'The referral percentage is between 0 and 100')
    .refine(twoDecimals, 'The referral percentage has at most two decimals'),
  referralMaxTopups: z
    .number('Enter the number of rewarded top-ups')
    .int('The number of rewarded top-ups is a whole number')
    .min(0, 'The number of rewarded top-ups is between 0 and 1000')
    .max(1000, 'The number of rewarded top-ups is between 0 and 1000'),
  warrantyHours: z
    .number('Enter the warranty hours')
    .int('The warranty is a whole number of hours')
    .min(0, 'The warranty is between 0 and 2160 hours (90 days)')
    .max(24 * 90, 'The warranty is between 0 and 2160 hours (90 days)'),
  lowStockThreshold: z
    .number('Enter the low-stock threshold')
    .int('The low-stock threshold is a whole number')
    .min(0, 'The low-stock threshold is between 0 and 10000')
    .max(10_000, 'The low-stock threshold is between 0 and 10000'),
};

/** PUT /api/admin/settings: every field; telegramBotToken: a new token, null to remove it, absent to keep it. */
export const updateStoreSettingsSchema = z
  .object({
    ...editable,
    telegramBotToken: z
      .string()
      .trim()
      .regex(/^\d+:[\w-]{20,}$/, 'The bot token looks like 123456789:AA… (from @BotFather)')
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateStoreSettings = z.infer<typeof updateStoreSettingsSchema>;

/** GET /api/admin/settings: what the console shows (the token only as set or not). */
export const storeSettingsSchema = z.object({
  ...editable,
  storeName: z.string(),
  telegramBotTokenSet: z.boolean(),
  /** The logo's address (versioned), or null when the store has none. */
  logoUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type StoreSettingsView = z.infer<typeof storeSettingsSchema>;

export const saveStoreSettingsResultSchema = z.object({
  message: z.string(),
  settings: storeSettingsSchema,
});
export type SaveStoreSettingsResult = z.infer<typeof saveStoreSettingsResultSchema>;

/** PUT /api/admin/settings/logo: the image as a data: URL (PNG, JPEG or WebP), or null to remove the logo. */
export const updateStoreLogoSchema = z
  .object({
    image: z
      .string()
      .max(
        Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 40,
        `The logo is at most ${LOGO_MAX_BYTES / 1024} KB`,
      )
      .regex(
        /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/,
        'The logo must be a PNG, JPEG or WebP image',
      )
      .nullable(),
  })
  .strict();
export type UpdateStoreLogo = z.infer<typeof updateStoreLogoSchema>;

export const storeSettingsMessages = {
  saved: 'Settings saved: the store uses them now.',
  saveFailed: 'Failed to save the settings',
  logoSaved: 'Logo saved.',
  logoRemoved: 'Logo removed.',
  logoFailed: 'Failed to save the logo',
  logoType: 'The logo must be a PNG, JPEG or WebP image',
  logoTooLarge: `The logo is at most ${LOGO_MAX_BYTES / 1024} KB`,
  logoNotImage: 'That file is not the image its type says',
} as const;
