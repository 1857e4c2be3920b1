// Public facts about the shop the browser needs (contact channels); configured on the server, never secret.
import { z } from 'zod';
import { PROVIDER_NAMES } from './payments.ts';

/** GET /api/site */
export const siteInfoSchema = z.object({
  supportEmail: z.string(),
  telegramUrl: z.string(),
  whatsapp: z.string(),
  officeLocation: z.string(),
  /** The shop's X (Twitter) @handle, for link previews; null when it has none. */
  twitterSite: z.string().nullable(),
  paymentProvider: z.enum(PROVIDER_NAMES),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
