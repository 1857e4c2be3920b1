// The store's settings as the server uses them (the Telegram token open, in memory only), the first values the
// environment gives a new store, and what the console is shown of them (the token only as set or not).
import type { Config } from '../../config.ts';
import { STORE_LOGO_PATH } from '../../../shared/store-brand.ts';
import { type LogoType, type StoreSettingsView } from '../../../shared/store-settings.ts';

export type StoreLogo = { type: LogoType; bytes: Buffer; version: string };

export type StoreSettings = {
  storeName: string;
  supportWhatsapp: string;
  supportTelegramUrl: string;
  supportEmail: string;
  officeLocation: string;
  telegramBotToken: string | null;
  telegramChatId: string | null;
  referralPercent: number;
  referralMaxTopups: number;
  warrantyHours: number;
  lowStockThreshold: number;
  logo: StoreLogo | null;
  updatedAt: Date | null;
};

/** The environment's values (config.ts): a new store's first settings, and any setting it has never saved. */
export function envSettings(config: Config): StoreSettings {
  return {
    storeName: config.STORE_NAME,
    supportWhatsapp: config.SUPPORT_WHATSAPP,
    supportTelegramUrl: config.SUPPORT_TELEGRAM_URL,
    supportEmail: config.SUPPORT_EMAIL,
    officeLocation: config.OFFICE_LOCATION,
    telegramBotToken: config.TELEGRAM_BOT_TOKEN ?? null,
    telegramChatId: config.TELEGRAM_CHAT_ID ?? null,
    referralPercent: config.REFERRAL_PERCENT,
    referralMaxTopups: config.REFERRAL_MAX_TOPUPS,
    warrantyHours: config.WARRANTY_HOURS,
    lowStockThreshold: config.LOW_STOCK_THRESHOLD,
    logo: null,
    updatedAt: null,
  };
}

/** The logo's address: a new version is a new URL, so it may be cached for ever. */
export function logoUrl(logo: StoreLogo | null): string | null {
  return logo ? `${STORE_LOGO_PATH}?v=${logo.version}` : null;
}

export function settingsView(s: StoreSettings): StoreSettingsView {
  return {
    storeName: s.storeName,
    supportWhatsapp: s.supportWhatsapp,
    supportTelegramUrl: s.supportTelegramUrl,
    supportEmail: s.supportEmail,
    officeLocation: s.officeLocation,
    telegramBotTokenSet: s.telegramBotToken !== null,
    telegramChatId: s.telegramChatId,
    referralPercent: s.referralPercent,
    referralMaxTopups: s.referralMaxTopups,
    warrantyHours: s.warrantyHours,
    lowStockThreshold: s.lowStockThreshold,
    logoUrl: logoUrl(s.logo),
    updatedAt: s.updatedAt?.toISOString() ?? null,
  };
}

/** Owner alerts need both the bot's token and the chat it writes to. */
export function telegramOf(s: StoreSettings): { token: string; chatId: string } | null {
  return s.telegramBotToken && s.telegramChatId
    ? { token: s.telegramBotToken, chatId: s.telegramChatId }
    : null;
}
