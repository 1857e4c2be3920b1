// Public facts about the shop the browser needs (its name, logo, contact channels): the console's settings and the
// server's configuration, never secret.
import { z } from 'zod';
import { PROVIDER_NAMES } from './payments.ts';

/** GET /api/site */
export const siteInfoSchema = z.object({
  /** The store's name (Settings): the header, the titles, the footer. */
  storeName: z.string(),
  /** The logo's address (versioned), or null: the header then draws the built-in mark. */
  logoUrl: z.string().nullable(),
  supportEmail: z.string(),
  telegramUrl: z.string(),
  whatsapp: z.string(),
  officeLocation: z.string(),
  /** The shop's X (Twitter) @handle, for link previews; null when it has none. */
  twitterSite: z.string().nullable(),
  paymentProvider: z.enum(PROVIDER_NAMES),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
