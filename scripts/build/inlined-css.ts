// The entry's stylesheet goes inline into index.html (vite.config.ts, first-paint). A chunk loaded later that imports
// from the entry still lists that CSS file among its dependencies (with the entry itself), and Vite's preload helper,
// finding no <link rel="stylesheet"> for it, fetched it again and held the import back until it had loaded: the quote
// dialog on /web-services waited 0.2 s for 10 KB of CSS the page already had (issue 52). Vite's resolveDependencies
// is not shown the CSS, so the dependency is named here as the entry's chunk instead, which the helper already has
// (it loads each file once): the list keeps its length, and the indexes into it stay right.
import type { Plugin, Rolldown } from 'vite';

type WithCss = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

export function inlinedCssNotFetched(): Plugin {
  return {
    name: 'acctstore:inlined-css-not-fetched',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (file): file is WithCss => file.type === 'chunk',
        );
        const entry = chunks.find((c) => c.isEntry);
        const css = [...(entry?.viteMetadata?.importedCss ?? [])];
        if (!entry || css.length === 0)
          return this.error('inlined-css: the entry has no stylesheet');
        for (const chunk of chunks)
          for (const file of css)
            chunk.code = chunk.code.replaceAll(
              JSON.stringify(file),
              JSON.stringify(entry.fileName),
            );
      },
    },
  };
}
