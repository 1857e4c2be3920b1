// /robots.txt and /sitemap.xml: the public pages and the visible categories, with absolute URLs. A product group
// is indexed on its category page (its card's anchor); an account's own page sells out, points its canonical
// at that category page, and is not listed (pages/page-head.ts).
import type { FastifyInstance } from 'fastify';
import { paths, publicPagePaths } from '../../../shared/paths.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { readCatalogue } from '../catalogue/read-catalogue.ts';

/** A sitemap file holds at most 50,000 addresses (sitemaps.org). */
const SITEMAP_LIMIT = 50_000;

const PRIVATE_PATHS = [
  paths.dashboard,
  paths.profile,
  paths.orders,
  paths.orderHistory,
  paths.checkout,
  paths.wallet,
  paths.admin,
  paths.paymentCallback,
  paths.paymentSuccess,
  '/api/',
  '/dev/',
  '/sandbox/',
];

export function seoRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }): void {
  app.get('/robots.txt', async (_req, reply) => {
    const lines = [
      'User-agent: *',
      ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${config.publicUrl}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_req, reply) => {
    const { categories } = await readCatalogue(db);
    // The reseller API's reference is a public page of its own (api-v1/developers-page.ts).
    const pages = [
      ...publicPagePaths,
      paths.developers,
      ...categories.map((c) => paths.category(c.id)),
    ];
    const urls = pages
      .slice(0, SITEMAP_LIMIT)
      .map((p) => `  <url><loc>${escapeXml(config.publicUrl + p)}</loc></url>`);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(xml);
  });
}

function escapeXml(s: string): string {
  return s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}
