// GET /api/site: the shop's public contact channels, from configuration.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { siteInfoSchema, type SiteInfo } from '../../../shared/site.ts';
import { answers } from '../../http/response-schemas.ts';

/** The shop's public facts, as GET /api/site answers them and as the server-rendered pages embed them. */
export function readSiteInfo(config: Config): SiteInfo {
  return {
    supportEmail: config.SUPPORT_EMAIL,
    telegramUrl: config.SUPPORT_TELEGRAM_URL,
    whatsapp: config.SUPPORT_WHATSAPP,
    officeLocation: config.OFFICE_LOCATION,
    twitterSite: config.TWITTER_SITE ?? null,
    paymentProvider: config.ERCASPAY_SECRET_KEY ? 'ercaspay' : 'sandbox',
  };
}

export function siteRoutes(app: FastifyInstance, { config }: { config: Config }): void {
  const info = readSiteInfo(config);
  app.get(
    '/api/site',
    { config: { access: 'public' }, ...answers({ 200: siteInfoSchema }) },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return info;
    },
  );
}
