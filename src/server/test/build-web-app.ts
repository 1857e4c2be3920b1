// For tests of the server-rendered pages: the web app and its server-render bundle, built from the current sources
// by `npm run build`'s two steps into a folder of this run (never a stale dist/). Inside the project, so that the
// bundle finds its dependencies in node_modules as dist/server does.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';
import { build } from 'vite';

export async function buildWebApp(): Promise<{ clientDir: string; ssrEntry: string }> {
  fs.mkdirSync('.tmp', { recursive: true });
  const out = fs.mkdtempSync(path.resolve('.tmp', 'web-build-'));
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));
  const configFile = path.resolve('vite.config.ts');
  const clientDir = path.join(out, 'client');
  const serverDir = path.join(out, 'server');
  await build({ configFile, logLevel: 'error', build: { outDir: clientDir, emptyOutDir: true } });
  await build({
    configFile,
    logLevel: 'error',
    build: { ssr: true, outDir: serverDir, emptyOutDir: true },
  });
  return { clientDir, ssrEntry: path.join(serverDir, 'entry-server.js') };
}
