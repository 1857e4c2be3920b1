// The pages: the app shell and the server-rendered public pages, each with the signed-in user's data when there is
// one; and the memory start-up used, given back once the server listens.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { registerSpa } from '../modules/pages/spa.ts';
import { releaseMemory } from '../http/release-memory.ts';
import { loadMe } from '../modules/auth/me.ts';
import { sessionCookieName } from '../modules/auth/sessions.ts';
import { createPageRenderer } from '../modules/pages/page-renderer.ts';
import { PAGE_CSS_FILE } from '../modules/pages/page-css.ts';
import type { AppDeps } from '../app.ts';
import type { StoreParts } from './store-parts.ts';

const defaultClientDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../dist/client',
);

export async function registerPages(
  app: FastifyInstance,
  deps: AppDeps,
  parts: StoreParts,
  loadSession: (req: FastifyRequest) => Promise<void>,
) {
  const { config } = deps;
  const { db, catalogueCache, reads, siteInfo } = parts;
  // A listening server is done starting (tests never listen): give start-up's garbage back to the system.
  // Registered before the page warm-up (registerSpa), so it runs at once, before the first request.
  app.addHook('onListen', releaseMemory);

  const clientDir = deps.clientDir ?? defaultClientDir;
  await registerSpa(
    app,
    clientDir,
    (template) =>
      createPageRenderer({
        template,
        // Beside the client build it belongs to (dist/client, dist/server): a test's own client folder has none.
        ssrEntry: deps.ssrEntry ?? path.join(clientDir, '../server/entry-server.js'),
        pageCssFile: path.join(clientDir, PAGE_CSS_FILE),
        db,
        cache: catalogueCache,
        stockShown: reads.stockShown,
        site: siteInfo,
        publicUrl: config.publicUrl,
        log: app.log,
      }),
    async (req) => {
      if (!req.cookies[sessionCookieName(config)]) return null;
      await loadSession(req);
      return req.user ? loadMe(db, config, req.user.id) : null;
    },
  );
}
