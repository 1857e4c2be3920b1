// The public catalogue list, cached in this process until PostgreSQL says it changed ('catalogue_changed', sent by
// triggers at commit, from any app process, heard through the process's one listener: db/notify-listener.ts).
// While the listener is not connected nothing is cached, so a lost connection can cost speed but never serve
// stale stock.
import type { CatalogueResponse } from '../../../shared/catalogue.ts';
import type { Db } from '../../db/client.ts';
import type { NotifyListener } from '../../db/notify-listener.ts';
import { readCatalogue } from './read-catalogue.ts';

const CHANNEL = 'catalogue_changed';

export type CatalogueCache = {
  read: () => Promise<CatalogueResponse>;
  invalidate: () => void;
};

export function createCatalogueCache(
  db: Db,
  listener: NotifyListener,
  enabled: boolean,
): CatalogueCache {
  let cached: CatalogueResponse | null = null;
  // Bumped by every invalidation: a read that started before one must not fill the cache.
  let generation = 0;
  let listening = false;

  const invalidate = () => {
    generation++;
    cached = null;
  };
  if (enabled)
    listener.subscribe(CHANNEL, {
      changed: invalidate,
      listening: (on) => (listening = on),
    });

  return {
    invalidate,
    async read() {
      if (listening && cached) return cached;
      const started = generation;
      const fresh = await readCatalogue(db);
      if (listening && started === generation) cached = fresh;
      return fresh;
    },
  };
}
