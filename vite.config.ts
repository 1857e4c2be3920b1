import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, minifySync, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { inlinedCssNotFetched } from './scripts/build/inlined-css.ts';
import { pageCssPieces } from './scripts/build/page-css.ts';
import { PAGE_CSS_FILE, type PageCssFile } from './src/server/modules/pages/page-css.ts';
import { holdUntilHydrated } from './src/client/app/boot/hold-until-hydrated.ts';
import { loadApp } from './src/client/app/boot/load-app.ts';
import { pendingMark } from './src/client/app/boot/pending-mark.ts';
import { replayHeld } from './src/client/app/boot/replay-held.ts';
import {
  HYDRATED_EVENT,
  loaderSource,
  PENDING_ATTRIBUTE,
} from './src/client/app/hydrate-on-intent.ts';
import { routeTable } from './src/client/app/route-table.ts';

/**
 * Shapes the built index.html for a first paint from the HTML alone (docs/decisions/009):
 * - the stylesheet goes inline, in a <style> element: no render-blocking request (the CSP's style-src allows it); a
 *   page the server renders keeps only its own rules of it, picked from page-css.json (modules/pages/page-css.ts);
 * - the entry chunk, the chunks Vite modulepreloads with it, and assets/route-preload-[hash].js start loading from a
 *   small inline script at the end of the body (app/hydrate-on-intent.ts), once the page has painted, and on a page
 *   the server rendered for a visitor, once it has loaded, to run on the first sign of use: on a slow link they no
 *   longer share the bandwidth with the HTML the first paint waits for, and a phone does not run React for a page
 *   nobody has touched yet. (The server names every inline script of index.html by its hash in script-src: spa.ts.)
 * route-preload is a few lines that add <link rel="modulepreload"> for the chunks of the public page being opened
 * (and the data layer it reads through), and <link rel="preload" as="fetch"> for the API reads it starts with
 * (route-table.ts `reads`), so they download alongside the entry chunk instead of after it has run. Guarded pages
 * get nothing: their code waits for their guard, and the admin console never ships to a visitor.
 */
function firstPaintFromHtml(): Plugin {
  return {
    name: 'acctstore:first-paint-from-html',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rolldown.OutputChunk => file.type === 'chunk',
      );
      const chunkOf = (module: string) =>
        chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
      const withImports = (chunk: Rolldown.OutputChunk, files = new Set<string>()): Set<string> => {
        if (files.has(chunk.fileName)) return files;
        files.add(chunk.fileName);
        for (const file of chunk.imports) {
          const imported = bundle[file];
          if (imported?.type === 'chunk') withImports(imported, files);
        }
        return files;
      };
      const entry = chunks.find((c) => c.isEntry);
      const dataLayer = chunkOf('/src/client/app/data-layer.tsx');
      const html = bundle['index.html'];
      if (!entry || !dataLayer || html?.type !== 'asset')
        return this.error('first-paint: the entry, the data layer or index.html is missing');
      const initial = withImports(entry);
      // What every public page loads first stays free of the form rules' library (zod, ~27 KB gzip): a client import
      // of a shared module with schemas put it there once (shared/store-brand.ts took the two names it needed).
      for (const file of initial) {
        const chunk = bundle[file];
        const heavy =
          chunk?.type === 'chunk' &&
          Object.keys(chunk.modules).find((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id));
        if (heavy) return this.error(`first-paint: the initial chunk ${file} holds ${heavy}`);
      }

      // Every route in the table's order (the first match wins, as in the router): [path, chunks, API reads, chunks
      // of its first action (`next`), prefetched].
      // Guarded ones preload nothing, but for the pages a customer comes back to from the payment provider.
      const routes = routeTable.map((route) => {
        if (route.access !== 'public' && !('fromOutside' in route))
          return [route.path, [], [], []] as const;
        const page = chunkOf(`/src/client/features/${route.page}.tsx`);
        if (!page) return this.error(`first-paint: no chunk for the page ${route.page}`);
        const files = withImports(page);
        if (!('static' in route)) withImports(dataLayer, files);
        const reads = 'reads' in route ? route.reads : [];
        const next = new Set<string>();
        for (const module of 'next' in route ? route.next : []) {
          const chunk = chunkOf(`/src/client/features/${module}`);
          if (!chunk)
            return this.error(
              `first-paint: no chunk for ${module}, the next step of ${route.path}`,
            );
          withImports(chunk, next);
        }
        const own = (f: string) => !initial.has(f) && !files.has(f);
        return [
          route.path,
          [...files].filter((f) => !initial.has(f)).map((f) => `/${f}`),
          reads,
          [...next].filter(own).map((f) => `/${f}`),
        ] as const;
      });
      const source = `// Preloads the chunks of the public page being opened (generated by vite.config.ts).
(function () {
  var routes = ${JSON.stringify(routes)};
  // Into <head> at once, when the page's route is found: one insertion there costs as much as a dozen (measured at
  // 4x CPU: 96 ms for a product page's links one by one).
  var links = document.createDocumentFragment();
  function add(rel, href, as) {
    var link = document.createElement('link');
    link.rel = rel;
    if (as) link.as = as;
    link.crossOrigin = 'anonymous';
    link.href = href;
    links.appendChild(link);
  }
  // Added by the loader while the page is read (data-prefetch): the page's chunks and its first action's only go to
  // the HTTP cache, beside the entry; added again when the app runs: they are modulepreloaded from there.
  var prefetchOnly = document.currentScript && document.currentScript.hasAttribute('data-prefetch');
  var path = location.pathname.replace(/\\/+$/, '') || '/';
  for (var i = 0; i < routes.length; i++) {
    var pattern = routes[i][0];
    if (pattern !== '*' && !new RegExp('^' + pattern.replace(/:[^/]+/g, '[^/]+') + '$', 'i').test(path)) continue;
    if (prefetchOnly) {
      // One request a task: starting one costs the page 5-10 ms at 4x CPU, a dozen at once one long task.
      var list = routes[i][1].concat(routes[i][3]);
      (function next(k) {
        if (k === list.length) return;
        fetch(list[k], { priority: 'low' }).catch(function () {});
        setTimeout(next, 0, k + 1);
      })(0);
      return;
    }
    // What that prefetch brought is in the HTTP cache: the app's imports take it from there.
    var fetched = function (href) {
      return performance.getEntriesByName(location.origin + href).length > 0;
    };
    routes[i][1].forEach(function (href) {
      if (!fetched(href)) add('modulepreload', href);
    });
    routes[i][2].forEach(function (href) {
      add('preload', href, 'fetch');
    });
    routes[i][3].forEach(function (href) {
      if (!fetched(href)) add('prefetch', href);
    });
    return document.head.appendChild(links);
  }
})();
`;
      const routePreload = `assets/route-preload-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName: routePreload, source });

      let page = String(html.source);
      // Vite's own tags, each exactly once: anything else means its output changed and this needs a look.
      const take = (pattern: RegExp, what: string): RegExpExecArray[] => {
        const found = [...page.matchAll(new RegExp(pattern, 'g'))];
        if (found.length === 0) this.error(`first-paint: index.html has no ${what}`);
        page = page.replace(new RegExp(`[ \\t]*${pattern.source}\\n?`, 'g'), '');
        return found;
      };
      const [entryTag] = take(
        /<script type="module" crossorigin src="([^"]+)"><\/script>/,
        'entry',
      );
      const preloads = take(/<link rel="modulepreload" crossorigin href="([^"]+)">/, 'preload');
      const styles = take(/<link rel="stylesheet" crossorigin href="([^"]+)">/, 'stylesheet');
      if (styles.length !== 1)
        return this.error('first-paint: index.html has more than one stylesheet');
      const cssHref = styles[0]![1]!;
      const cssAsset = bundle[cssHref.replace(/^\//, '')];
      if (cssAsset?.type !== 'asset') return this.error(`first-paint: no CSS asset for ${cssHref}`);
      // Never the end of the <style> element it goes into.
      const css = String(cssAsset.source)
        .trim()
        .replace(/<\/style/gi, '<\\/style');
      // A rendered page inlines its own rules only (modules/pages/page-css.ts); the app shell keeps them all.
      const pageCss: PageCssFile = { href: cssHref, pieces: pageCssPieces(css) };
      this.emitFile({ type: 'asset', fileName: PAGE_CSS_FILE, source: JSON.stringify(pageCss) });
      const files = {
        entry: entryTag![1]!,
        modulepreload: preloads.map((m) => m[1]!),
        async: [`/${routePreload}`],
      };
      // The loader (app/hydrate-on-intent.ts): the app's code runs after the first paint, or for a visitor on a
      // server-rendered page, on the first sign of use.
      const steps = { loadApp, pendingMark, holdUntilHydrated, replayHeld };
      // Minified: every page carries it, and a page's first 14 KB are all a slow link's first round trip brings.
      // Each function as the value of an assignment, which the minifier keeps (it drops an expression without effect).
      const minify = (fn: string) => {
        const { code, errors } = minifySync('loader.js', `loaderStep=(${fn});`);
        const minified = /^loaderStep=([\s\S]*?);?$/.exec(code.trim())?.[1];
        if (errors.length || !minified)
          this.error(`first-paint: the loader did not minify: ${errors[0]?.message ?? code}`);
        return minified;
      };
      const loader = `<script>${loaderSource(files, HYDRATED_EVENT, PENDING_ATTRIBUTE, steps, minify)}</script>`;
      if (!page.includes('</head>') || !page.includes('</body>'))
        return this.error('first-paint: index.html has no </head> or </body>');
      html.source = page
        // The template's comments are for whoever reads index.html, not for every browser.
        .replace(/\s*<!--[\s\S]*?-->/g, '')
        .replace('</head>', () => `  <style>${css}</style>\n  </head>`)
        .replace('</body>', () => `  ${loader}\n  </body>`);
    },
  };
}

/**
 * Each built script and stylesheet beside its brotli (quality 11) and gzip (level 9) copies, which the server sends
 * as they are to a browser that accepts them (spa.ts, @fastify/static's preCompressed): the best compression costs
 * the build a second once, where compressing each answer on the fly would use a quicker, weaker level
 * (the entry: 75 KB brotli-11 against 87 KB gzip).
 */
function precompressed(): Plugin {
  return {
    name: 'acctstore:precompressed',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const file = path.join(options.dir!, fileName);
        const source = fs.readFileSync(file);
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * The app is written against React's API and types; Preact runs it (preact/compat), in the browser and in the
 * server render: about 10 KB gzip where React DOM alone was 58, which kept every public page's first load over its
 * 60 KB (issue 52, docs/decisions/037).
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** Two notices the Preact build gives every time, and why neither is a fault. */
const onwarn: Rolldown.RolldownOptions['onwarn'] = (warning, warn) => {
  // Radix's "use client" means something to React Server Components only, which this app does not use.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  // React Router reads React's useOptimistic where there is one and does without it where not (Preact has none).
  if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
  warn(warning);
};

const clientBuild: UserConfig = {
  resolve: { alias: preactAliases },
  plugins: [tailwindcss(), inlinedCssNotFetched(), firstPaintFromHtml(), precompressed()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 600,
    // Every browser the store targets (ES2022) knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      onwarn,
      output: {
        codeSplitting: {
          // Every Lucide icon in one chunk (about 10 KB gzip, cached across pages): as one small chunk per icon,
          // a page waited on a dozen requests. The shell draws its own few icons, so this stays out of the first load.
          // Preact gets its own group first, or the icons' group would take it in as their dependency.
          groups: [
            { name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]/, priority: 2 },
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
};

/**
 * `vite build --ssr` (the second half of `npm run build`): the server-render bundle, dist/server/entry-server.js,
 * which the server imports at run time to render the public pages (modules/pages).
 */
const ssrBuild: UserConfig = {
  resolve: { alias: preactAliases },
  // Bundled whole: a library left outside would import React itself at run time, beside the Preact the pages use.
  ssr: { noExternal: true },
  // Production JSX whatever NODE_ENV the build runs under (the e2e build runs in development): react/jsx-runtime
  // works under both.
  oxc: { jsx: { development: false } },
  build: {
    outDir: '../../dist/server',
    emptyOutDir: true,
    target: 'node24',
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      onwarn,
      input: fileURLToPath(new URL('./src/client/entry-server.tsx', import.meta.url)),
      output: { entryFileNames: 'entry-server.js' },
    },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: isSsrBuild ? false : 'public',
  ...(isSsrBuild ? ssrBuild : clientBuild),
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
