// GET /api/site: the shop's public facts, from its settings (the console) and configuration.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { siteInfoSchema, type SiteInfo } from '../../../shared/site.ts';
import { answers } from '../../http/response-schemas.ts';

/** The public part of the store's settings (settings/store-settings.ts gives it). */
export type PublicSettings = {
  storeName: string;
  logoUrl: string | null;
  supportEmail: string;
  supportTelegramUrl: string;
  supportWhatsapp: string;
  officeLocation: string;
};

/** The shop's public facts, as GET /api/site answers them and as the server-rendered pages embed them. */
export function readSiteInfo(config: Config, settings: PublicSettings): SiteInfo {
  return {
    storeName: settings.storeName,
    logoUrl: settings.logoUrl,
    supportEmail: settings.supportEmail,
    telegramUrl: settings.supportTelegramUrl,
    whatsapp: settings.supportWhatsapp,
    officeLocation: settings.officeLocation,
    twitterSite: config.TWITTER_SITE ?? null,
    paymentProvider: config.ERCASPAY_SECRET_KEY ? 'ercaspay' : 'sandbox',
  };
}

export function siteRoutes(app: FastifyInstance, { site }: { site: () => SiteInfo }): void {
  app.get(
    '/api/site',
    { config: { access: 'public' }, ...answers({ 200: siteInfoSchema }) },
    async (_req, reply) => {
      // A saved setting shows on the next visit: the browser asks again (cheap, answered from memory).
      reply.header('cache-control', 'no-cache');
      return site();
    },
  );
}
