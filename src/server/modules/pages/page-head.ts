// The head of a server-rendered page: title, description, canonical URL, Open Graph and Twitter card tags (a
// product's name, price in naira and availability), and schema.org JSON-LD on catalogue pages: an ItemList of
// the groups on /products (summary: each links to its card) and on a category page (each a full Product).
// What a search engine indexes is the product group, on its category page: an account's own page sells out
// and goes, so it points its canonical at its group's category page (the sitemap lists no account pages).
import type {
  AccountResponse,
  CatalogueResponse,
  CategoryResponse,
  PublicGroup,
} from '../../../shared/catalogue.ts';
import { formatNaira, koboToNaira } from '../../../shared/money.ts';
import type { PageData, RenderedPage } from '../../../shared/page-data.ts';
import type { RenderablePage } from './load-page-data.ts';
import { escapeHtml } from '../../html/escape-html.ts';
import { PREVIEW_IMAGE, previewImageAlt } from '../../html/link-preview.ts';
import { groupAnchor, paths } from '../../../shared/paths.ts';

export type PageHead = {
  title: string;
  description: string | undefined;
  /** Meta and link tags, escaped, ready for the head. */
  tags: string;
  /** schema.org JSON-LD, when the page has any. */
  jsonLd: object | null;
};

/**
 * The picture of every link preview: the store's logo when it has one (a square: a small card), else the built-in
 * banner (html/link-preview.ts).
 */
const IMAGE = PREVIEW_IMAGE;
const imageAlt = previewImageAlt;

export function buildPageHead(
  page: RenderablePage,
  data: PageData,
  rendered: RenderedPage,
  publicUrl: string,
  status: number,
): PageHead {
  const product = page.kind === 'product' ? data.account?.value : null;
  const url =
    'path' in page && status === 200
      ? product
        ? publicUrl + paths.category(product.group.categoryId)
        : publicUrl + page.path
      : null;
  const description = product ? productSummary(product) : rendered.description;
  const { storeName, logoUrl } = data.site;
  const alt = imageAlt(storeName);
  const og: [string, string][] = [
    ['og:site_name', storeName],
    ['og:type', product ? 'product' : 'website'],
    ['og:title', product ? productName(product) : rendered.title],
    ['og:locale', 'en_NG'],
  ];
  if (description) og.push(['og:description', description]);
  if (url) og.push(['og:url', url]);
  const image = publicUrl + (logoUrl ?? IMAGE.path);
  og.push(['og:image', image]);
  if (!logoUrl)
    og.push(
      ['og:image:type', 'image/png'],
      ['og:image:width', String(IMAGE.width)],
      ['og:image:height', String(IMAGE.height)],
    );
  og.push(['og:image:alt', alt]);
  if (product) {
    og.push(
      ['product:price:amount', koboToNaira(product.group.priceKobo).toFixed(2)],
      ['product:price:currency', 'NGN'],
    );
    og.push(['product:availability', product.account.isAvailable ? 'in stock' : 'out of stock']);
  }
  const twitter: [string, string][] = [
    ['twitter:card', logoUrl ? 'summary' : 'summary_large_image'],
    ['twitter:title', product ? productName(product) : rendered.title],
    ['twitter:image', image],
    ['twitter:image:alt', alt],
  ];
  if (description) twitter.push(['twitter:description', description]);
  if (data.site.twitterSite) twitter.push(['twitter:site', data.site.twitterSite]);
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
      ? productLd(product, publicUrl)
      : page.kind === 'category' && data.category?.value && url
        ? categoryLd(data.category.value, publicUrl)
        : page.kind === 'products' && data.catalogue && url
          ? productsLd(data.catalogue, publicUrl)
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

/** A group's card on its category page: the indexed address of the product (see the head of this file). */
function groupUrl(group: PublicGroup, publicUrl: string): string {
  return `${publicUrl}${paths.category(group.categoryId)}#${groupAnchor(group.id)}`;
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

/** A group as schema.org Product: Google's merchant listings require name, image and an offer's price. */
function groupProduct(group: PublicGroup, publicUrl: string, isAvailable: boolean) {
  const url = groupUrl(group, publicUrl);
  return {
    '@type': 'Product',
    name: group.name,
    description: group.description || undefined,
    image: publicUrl + IMAGE.path,
    url,
    sku: group.id,
    category: group.categoryName,
    offers: offer(group, isAvailable, url),
  };
}

function productLd(product: AccountResponse, publicUrl: string) {
  const url = groupUrl(product.group, publicUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: productName(product),
    description: product.group.description || undefined,
    image: publicUrl + IMAGE.path,
    url,
    sku: product.account.id,
    category: product.group.categoryName,
    offers: offer(product.group, product.account.isAvailable, url),
  };
}

/** The category page lists every group in full (Google's "all-in-one page" list: each item a Product with its url). */
function categoryLd({ category, groups }: CategoryResponse, publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `${category.name} accounts`,
    itemListElement: groups.map((group, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      item: groupProduct(group, publicUrl, group.stockCount > 0),
    })),
  };
}

/** /products links every group to its card (Google's "summary page" list: position and url). */
function productsLd({ groups }: CatalogueResponse, publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'All products',
    itemListElement: groups.map((group, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: group.name,
      url: groupUrl(group, publicUrl),
    })),
  };
}
