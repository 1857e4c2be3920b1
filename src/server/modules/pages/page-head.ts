// The head of a server-rendered page: title, description, canonical URL, Open Graph and Twitter card tags (a
// product's name, price in naira and availability), and schema.org Product/Offer JSON-LD on catalogue pages.
import type { AccountResponse, CategoryResponse, PublicGroup } from '../../../shared/catalogue.ts';
import { formatNaira, koboToNaira } from '../../../shared/money.ts';
import type { PageData, RenderedPage } from '../../../shared/page-data.ts';
import type { RenderablePage } from './load-page-data.ts';
import { escapeHtml } from '../../html/escape-html.ts';

export type PageHead = {
  title: string;
  description: string | undefined;
  /** Meta and link tags, escaped, ready for the head. */
  tags: string;
  /** schema.org JSON-LD, when the page has any. */
  jsonLd: object | null;
};

const SITE_NAME = 'AcctStore';
/** The picture of every link preview (src/client/public, drawn by scripts/og/og-image.ts): a PNG, which WhatsApp shows. */
const IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'AcctStore: ready-made social media accounts, delivered instantly',
};

export function buildPageHead(
  page: RenderablePage,
  data: PageData,
  rendered: RenderedPage,
  publicUrl: string,
  status: number,
): PageHead {
  const url = 'path' in page && status === 200 ? publicUrl + page.path : null;
  const product = page.kind === 'product' ? data.account?.value : null;
  const description = product ? productSummary(product) : rendered.description;
  const og: [string, string][] = [
    ['og:site_name', SITE_NAME],
    ['og:type', product ? 'product' : 'website'],
    ['og:title', product ? productName(product) : rendered.title],
    ['og:locale', 'en_NG'],
  ];
  if (description) og.push(['og:description', description]);
  if (url) og.push(['og:url', url]);
  const image = publicUrl + IMAGE.path;
  og.push(
    ['og:image', image],
    ['og:image:type', 'image/png'],
    ['og:image:width', String(IMAGE.width)],
    ['og:image:height', String(IMAGE.height)],
    ['og:image:alt', IMAGE.alt],
  );
  if (product) {
    og.push(
      ['product:price:amount', koboToNaira(product.group.priceKobo).toFixed(2)],
      ['product:price:currency', 'NGN'],
    );
    og.push(['product:availability', product.account.isAvailable ? 'in stock' : 'out of stock']);
  }
  const twitter: [string, string][] = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', product ? productName(product) : rendered.title],
    ['twitter:image', image],
    ['twitter:image:alt', IMAGE.alt],
  ];
  if (description) twitter.push(['twitter:description', description]);
  if (product)
    twitter.push(
      ['twitter:label1', 'Price'],
      ['twitter:data1', formatNaira(product.group.priceKobo)],
    );

  const tags = [
    url
      ? `<link rel="canonical" href="${escapeHtml(url)}" />`
      : '<meta name="robots" content="noindex" />',
    ...og.map(
      ([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`,
    ),
    ...twitter.map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content)}" />`),
  ].join('\n    ');

  const jsonLd =
    product && url
      ? productLd(product, url)
      : page.kind === 'category' && data.category?.value && url
        ? categoryLd(data.category.value, publicUrl)
        : null;
  return { title: rendered.title, description, tags, jsonLd };
}

/** As the page's own title names it (account-page.tsx). */
function productName({ account, group }: AccountResponse): string {
  return `${account.username} · ${group.name}`;
}

/** What a link preview shows under the name: price, availability, then the group's own words. */
function productSummary({ account, group }: AccountResponse): string {
  const state = account.isAvailable ? 'Available' : 'Sold';
  return [`${formatNaira(group.priceKobo)} · ${state} · ${group.categoryName}`, group.description]
    .filter(Boolean)
    .join(' — ');
}

function offer(group: PublicGroup, isAvailable: boolean, url: string) {
  return {
    '@type': 'Offer',
    price: koboToNaira(group.priceKobo).toFixed(2),
    priceCurrency: 'NGN',
    availability: isAvailable ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    url,
  };
}

function productLd(product: AccountResponse, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: productName(product),
    description: product.group.description || undefined,
    sku: product.account.id,
    category: product.group.categoryName,
    offers: offer(product.group, product.account.isAvailable, url),
  };
}

function categoryLd({ category, groups }: CategoryResponse, publicUrl: string) {
  const url = `${publicUrl}/category/${encodeURIComponent(category.id)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `${category.name} accounts`,
    itemListElement: groups.map((group, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      item: {
        '@type': 'Product',
        name: group.name,
        description: group.description || undefined,
        category: category.name,
        offers: offer(group, group.stockCount > 0, url),
      },
    })),
  };
}
