// Public pages as HTML: the built index.html with the page rendered into it by the server-render bundle
// (dist/server/entry-server.js, imported at run time), its head tags, and the data it was rendered with.
// Marketing pages render once per process until the store's settings change (its name, logo or contacts: kept
// pages are dropped at the next request after any process saves them); catalogue pages per request. Without the bundle (a fresh checkout, `vite` dev, tests that do not build it)
// every page is the SPA shell, which renders in the browser as before.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Me } from '../../../shared/auth.ts';
import { PAGE_DATA_ELEMENT_ID, type RenderPage } from '../../../shared/page-data.ts';
import { fullTitle, shellPageHeads, type ShellPageHead } from '../../../shared/paths.ts';
import type { SiteInfo } from '../../../shared/site.ts';
import { DEFAULT_STORE_NAME } from '../../../shared/store-brand.ts';
import { loadPageData, type PageSources, type RenderablePage } from './load-page-data.ts';
import { escapeHtml } from '../../html/escape-html.ts';
import { buildPageHead } from './page-head.ts';
import { loadPageCss } from './page-css.ts';
import { scriptHash } from './script-hashes.ts';

/** The footer's id (app/layout/footer.tsx): what a server-rendered page's first paint waits for. */
const FOOTER_ID = 'site-footer';

export type RenderedHtml = { status: number; html: string; scriptHashes: string[] };
export type PageRenderer = {
  /** `me`: the signed-in user the request's session names (their own page, never kept), or null for a visitor. */
  render: (page: RenderablePage, url: string, me: Me | null) => Promise<RenderedHtml | null>;
  /** Renders the marketing pages ahead of their first visitor. */
  warm: (paths: readonly string[]) => Promise<void>;
  /**
   * The shell (index.html, rendered in the browser) of a page a visitor may arrive at from outside, with its own
   * title, description, canonical URL and preview tags (shellPageHeads); any other app page gets the plain shell
   * with the store's name in its title.
   */
  shell: (path: string) => string | null;
};

type Options = PageSources & {
  template: string;
  ssrEntry: string;
  /** The build's page-css.json (page-css.ts); without it a page carries the whole stylesheet, as the shell does. */
  pageCssFile: string;
  publicUrl: string;
  log: FastifyBaseLogger;
};

export function createPageRenderer({
  template,
  ssrEntry,
  pageCssFile,
  publicUrl,
  log,
  ...sources
}: Options): PageRenderer {
  const pageStyle = loadPageCss(pageCssFile);
  let loading: Promise<RenderPage | null> | undefined;
  const loadBundle = () =>
    (loading ??= fs.existsSync(ssrEntry)
      ? import(pathToFileURL(ssrEntry).href).then((m: { renderPage: RenderPage }) => m.renderPage)
      : Promise.resolve(null).then(() => {
          log.warn(
            `no server-render bundle at ${ssrEntry}: public pages are served as the SPA shell (run \`npm run build\`)`,
          );
          return null;
        }));
  const marketing = new Map<string, Promise<RenderedHtml | null>>();

  const renderNow = async (
    page: RenderablePage,
    url: string,
    me: Me | null,
  ): Promise<RenderedHtml | null> => {
    const renderPage = await loadBundle();
    if (!renderPage) return null;
    const { data, status } = await loadPageData(page, sources, me);
    const rendered = await renderPage(url, data);
    const head = buildPageHead(page, data, rendered, publicUrl, status);
    const dataJson = scriptJson(data);
    const ldJson = head.jsonLd ? scriptJson(head.jsonLd) : null;
    // React puts resource hints (an image preload) before the markup: they belong in the head.
    const [, hints = '', body = rendered.html] =
      /^((?:<link [^>]*\/>)*)([\s\S]*)$/.exec(rendered.html) ?? [];
    // Replacements by function: a page's text may hold `$&` and the like, which a replacement string would expand.
    let html = withIdentity(template, data.site)
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${body}</div>\n    <script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${dataJson}</script>`,
      )
      .replace(
        '</head>',
        () =>
          `  ${head.tags}\n    ${hints}${ldJson ? `\n    <script type="application/ld+json">${ldJson}</script>` : ''}\n  </head>`,
      );
    // Painted once its HTML is parsed up to the footer: a slow phone's parser may stop anywhere, and a paint of half a
    // navbar or half a heading moves what is on screen when the rest arrives (a layout shift). Only a page that has
    // the footer waits for it (one that waits for an element it never has is held to the end and warned about).
    if (body.includes(`id="${FOOTER_ID}"`))
      html = html.replace(
        /<meta name="viewport"[^>]*\/>/,
        (viewport) =>
          `${viewport}\n    <link rel="expect" href="#${FOOTER_ID}" blocking="render" />`,
      );
    if (head.description)
      html = html.replace(
        /<meta name="description" content="[^"]*" \/>/,
        () => `<meta name="description" content="${escapeHtml(head.description!)}" />`,
      );
    // The stylesheet's rules this page's classes can match; the rest comes after its largest paint (page-css.ts).
    const whole = /<style>[\s\S]*?<\/style>/.exec(html);
    if (pageStyle && whole) {
      const before = html.slice(0, whole.index);
      const after = html.slice(whole.index + whole[0].length);
      html = before + pageStyle(before + after) + after;
    }
    return { status, html, scriptHashes: [dataJson, ...(ldJson ? [ldJson] : [])].map(scriptHash) };
  };

  // What the kept pages were rendered with: when the site's facts change, they are rendered again.
  let keptFor = '';
  const dropStale = () => {
    const now = JSON.stringify(sources.site());
    if (now === keptFor) return;
    keptFor = now;
    marketing.clear();
    shells.clear();
  };

  const render = (page: RenderablePage, url: string, me: Me | null) => {
    dropStale();
    // A signed-in user's page is theirs alone (their name and balance): rendered for them, never kept.
    if (page.kind !== 'marketing' || me) return renderNow(page, url, me);
    let done = marketing.get(page.path);
    if (!done) {
      done = renderNow(page, page.path, null);
      marketing.set(page.path, done);
      // A failed render is not kept: the next visitor tries again.
      done.catch(() => marketing.delete(page.path));
    }
    return done;
  };

  const shells = new Map<string, string>();
  const buildShell = (path: string, head: ShellPageHead) => {
    const site = sources.site();
    const title = fullTitle(head.title, site.storeName);
    const built = buildPageHead(
      { kind: 'marketing', path },
      { site, me: null },
      { html: '', title, description: head.description(site.storeName) },
      publicUrl,
      200,
    );
    return withIdentity(template, site)
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*" \/>/,
        () =>
          `<meta name="description" content="${escapeHtml(head.description(site.storeName))}" />`,
      )
      .replace('</head>', () => `  ${built.tags}\n  </head>`);
  };

  /** Any other page the browser renders: the store's name in the title until the page sets its own. */
  const appShell = () => {
    const { storeName } = sources.site();
    return withIdentity(template, sources.site()).replace(
      /<title>([\s\S]*?)<\/title>/,
      (_, title: string) =>
        `<title>${escapeHtml(title.replace(DEFAULT_STORE_NAME, storeName))}</title>`,
    );
  };

  return {
    shell(path) {
      dropStale();
      const head = (shellPageHeads as Record<string, ShellPageHead>)[path];
      const key = head ? path : ''; // every other app page shares one shell
      let shell = shells.get(key);
      if (!shell) shells.set(key, (shell = head ? buildShell(path, head) : appShell()));
      return shell;
    },
    render,
    async warm(paths) {
      for (const path of paths)
        await render({ kind: 'marketing', path }, path, null).catch((err: unknown) =>
          log.error({ err, path }, 'pre-rendering a page failed'),
        );
    },
  };
}

/** JSON that cannot end its script element early or be read as markup. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The store's name and logo in the page's head: <meta name="application-name"> (the browser's shell reads it,
 * lib/store-identity.ts) and the logo as the tab's icon when it has one (else the built-in icons stay).
 */
function withIdentity(template: string, site: SiteInfo): string {
  const named = template.replace(
    /(<meta name="theme-color"[^>]*\/>)/,
    (tag: string) =>
      `${tag}\n    <meta name="application-name" content="${escapeHtml(site.storeName)}" />`,
  );
  if (!site.logoUrl) return named;
  const href = escapeHtml(site.logoUrl);
  return named
    .replace(/\s*<link rel="icon"[^>]*\/>/g, '')
    .replace(
      /<link rel="apple-touch-icon" href="[^"]*" \/>/,
      () =>
        `<link rel="icon" href="${href}" />\n    <link rel="apple-touch-icon" href="${href}" />`,
    );
}
