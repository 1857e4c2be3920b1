// Public facts about the shop the browser needs (contact channels); configured on the server, never secret.
import type { ProviderName } from './payments.ts';

export type SiteInfo = {
  supportEmail: string;
  telegramUrl: string;
  whatsapp: string;
  officeLocation: string;
  paymentProvider: ProviderName;
};
