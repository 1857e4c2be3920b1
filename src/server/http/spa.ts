// Serves the built React app: hashed assets cached for a year, index.html for every other non-API path.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';

export async function registerSpa(app: FastifyInstance, clientDir: string): Promise<void> {
  const hasBuild = fs.existsSync(path.join(clientDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        const isIndex = path.basename(filePath) === 'index.html';
        res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : isIndex ? 'no-cache' : 'public, max-age=3600');
      },
    });
  }

  // A route (not the not-found handler) so that compression and the other hooks apply to it.
  const servePage = async (req: FastifyRequest, reply: FastifyReply) => {
    const urlPath = req.url.split('?')[0] ?? '/';
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return reply.status(404).send(errorBody('NOT_FOUND', 'Not found'));
    if (!hasBuild) return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    // A path with a file extension that is not on disk is a missing asset, not a page.
    if (path.extname(urlPath) !== '') return reply.status(404).type('text/plain').send('Not found');
    return reply.sendFile('index.html');
  };
  app.get('/*', servePage);
  app.get('/', servePage);

  app.setNotFoundHandler((_req, reply) => reply.status(404).send(errorBody('NOT_FOUND', 'Not found')));
}
