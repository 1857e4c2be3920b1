// Serves the built React app: hashed assets cached for a year; the public pages as server-rendered HTML
// (modules/pages), every other page path as index.html, and unknown paths as the 404 page with status 404.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { marketingPagePaths, pageKindOf } from './page-kind.ts';
import type { PageRenderer } from './page-renderer.ts';
import { inlineScriptHashes } from './script-hashes.ts';
import { PAGE_CSS_FILE } from './page-css.ts';
import { errorBody } from '../../http/errors.ts';
import type { Me } from '../../../shared/auth.ts';

/** Builds the page renderer from the built index.html (the template every page is rendered into). */
export type MakePageRenderer = (template: string) => PageRenderer;

export async function registerSpa(
  app: FastifyInstance,
  clientDir: string,
  makeRenderer?: MakePageRenderer,
  /** The signed-in user the request's session names, or null (no session, or one that ended). */
  readMe: (req: FastifyRequest) => Promise<Me | null> = () => Promise.resolve(null),
): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build's .br and .gz copies of each script (vite.config.ts `precompressed`), to a browser that takes them.
      preCompressed: true,
      // index.html is served by the page routes below, with its scripts' hashes in the CSP.
      // page-css.json is the stylesheet in pieces, for the server (page-css.ts): the browser gets the stylesheet itself.
      allowedPath: (pathName) => pathName !== '/index.html' && pathName !== `/${PAGE_CSS_FILE}`,
      setHeaders(res, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        const isIndex = path.basename(filePath) === 'index.html';
        res.header(
          'cache-control',
          isHashed
            ? 'public, max-age=31536000, immutable'
            : isIndex
              ? 'no-cache'
              : 'public, max-age=3600',
        );
      },
    });
  }
  const template = hasBuild ? fs.readFileSync(indexFile, 'utf8') : '';
  // index.html's own inline scripts (the theme before the first paint, the loader of the entry chunk: vite.config.ts),
  // allowed by hash on every page built from it.
  const templateHashes = inlineScriptHashes(template);
  const renderer = hasBuild && makeRenderer ? makeRenderer(template) : null;
  // Started servers render the marketing pages before anyone asks (tests, which never listen, render on demand).
  if (renderer) app.addHook('onListen', () => void renderer.warm(marketingPagePaths));

  // A route (not the not-found handler) so that compression and the other hooks apply to it.
  const servePage = async (req: FastifyRequest, reply: FastifyReply) => {
    const urlPath = req.url.split('?')[0] ?? '/';
    if (urlPath === '/api' || urlPath.startsWith('/api/'))
      return reply.status(404).send(errorBody('NOT_FOUND', 'Not found'));
    if (!hasBuild)
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build`.');
    // A path with a file extension that is not on disk is a missing asset, not a page.
    if (path.extname(urlPath) !== '') return reply.status(404).type('text/plain').send('Not found');
    const page = pageKindOf(urlPath);
    if (page.kind !== 'app' && renderer) {
      const me = await readMe(req).catch((err: unknown) => {
        // The page still renders, as a visitor's; the app asks who is signed in again once it runs.
        req.log.error({ err }, 'reading the session for a page failed');
        return null;
      });
      const rendered = await renderer.render(page, req.url, me).catch((err: unknown) => {
        // The browser can still render the page itself: a broken server render costs speed, not the page.
        req.log.error({ err }, 'server rendering failed, serving the SPA shell');
        return null;
      });
      if (rendered) {
        allowEmbeddedScripts(reply, [...templateHashes, ...rendered.scriptHashes]);
        return (
          reply
            .status(rendered.status)
            .type('text/html; charset=utf-8')
            // A signed-in user's page carries their name and balance: no cache but theirs may keep it. The same
            // address is a visitor's page without the cookie.
            .header('cache-control', me ? 'private, no-store' : 'no-cache')
            .header('vary', 'Cookie')
            .send(me || rendered.status >= 400 ? hydrateNow(rendered.html) : rendered.html)
        );
      }
    }
    allowEmbeddedScripts(reply, templateHashes);
    const shell = page.kind === 'app' ? renderer?.shell(page.path) : null;
    if (shell)
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(shell);
    return reply.status(page.kind === 'unknown' ? 404 : 200).sendFile('index.html');
  };
  app.get('/*', servePage);
  app.get('/', servePage);

  app.setNotFoundHandler((_req, reply) =>
    reply.status(404).send(errorBody('NOT_FOUND', 'Not found')),
  );
}

/**
 * The page's inline scripts by hash in script-src: index.html's own, and the inert data blocks the server wrote (its
 * PageData and JSON-LD, never run). The policy names every inline script of the page, and still allows no other.
 */
function allowEmbeddedScripts(reply: FastifyReply, hashes: string[]): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string' || hashes.length === 0) return;
  reply.header(
    'content-security-policy',
    csp.replace(/script-src 'self'/, () => `script-src 'self' ${hashes.join(' ')}`),
  );
}

/**
 * Marks a page whose code runs at once, not on the first sign of use (app/hydrate-on-intent.ts): a signed-in user's
 * (their account menu is theirs to open at once), and a "not found" page (which reports the missing address in the
 * console).
 */
function hydrateNow(html: string): string {
  return html.replace(/<html\b/, '<html data-hydrate-now');
}
