// The picture of every link preview, and the head tags of a page the server writes itself (/developers): the same
// preview a shared link of any other page shows (pages/page-head.ts builds the app's pages' tags from it too).
import { escapeHtml } from './escape-html.ts';

/** src/client/public/og-image.png, drawn by scripts/og/og-image.ts: a PNG, which WhatsApp shows. */
export const PREVIEW_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
} as const;

/** The preview image's words, with the store's name (a setting). */
export const previewImageAlt = (storeName: string) =>
  `${storeName}: ready-made social media accounts, delivered instantly`;

/** Canonical link, Open Graph and Twitter card tags of a plain page at `url`, titled `title` (already full). */
export function linkPreviewTags(
  {
    title,
    description,
    url,
    storeName,
  }: { title: string; description: string; url: string; storeName: string },
  publicUrl: string,
): string {
  const image = publicUrl + PREVIEW_IMAGE.path;
  const alt = previewImageAlt(storeName);
  const og = [
    ['og:site_name', storeName],
    ['og:type', 'website'],
    ['og:title', title],
    ['og:locale', 'en_NG'],
    ['og:description', description],
    ['og:url', url],
    ['og:image', image],
    ['og:image:type', 'image/png'],
    ['og:image:width', String(PREVIEW_IMAGE.width)],
    ['og:image:height', String(PREVIEW_IMAGE.height)],
    ['og:image:alt', alt],
  ];
  const twitter = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', title],
    ['twitter:description', description],
    ['twitter:image', image],
    ['twitter:image:alt', alt],
  ];
  return [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...og.map(([p, c]) => `<meta property="${p}" content="${escapeHtml(c!)}">`),
    ...twitter.map(([n, c]) => `<meta name="${n}" content="${escapeHtml(c!)}">`),
  ].join('\n');
}
