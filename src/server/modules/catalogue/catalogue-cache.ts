// The public catalogue list, cached in this process until PostgreSQL says it changed (LISTEN
// 'catalogue_changed', sent by triggers at commit, from any app process). While the listener is not
// connected nothing is cached, so a lost connection can cost speed but never serve stale stock.
import type pg from 'pg';
import type { CatalogueResponse } from '../../../shared/catalogue.ts';
import type { Db } from '../../db/client.ts';
import { readCatalogue } from './read-catalogue.ts';

const CHANNEL = 'catalogue_changed';
const RECONNECT_MS = 5000;

export type CatalogueCache = {
  read: () => Promise<CatalogueResponse>;
  invalidate: () => void;
  close: () => Promise<void>;
};
type Log = { warn: (obj: object, msg: string) => void };

export function createCatalogueCache(
  db: Db,
  pool: pg.Pool,
  log: Log,
  enabled: boolean,
): CatalogueCache {
  let cached: CatalogueResponse | null = null;
  // Bumped by every invalidation: a read that started before one must not fill the cache.
  let generation = 0;
  let listener: pg.PoolClient | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const invalidate = () => {
    generation++;
    cached = null;
  };

  const listen = async () => {
    if (!enabled || closed) return;
    try {
      const client = await pool.connect();
      const onError = (err: Error) => {
        client.removeListener('error', onError);
        client.removeListener('notification', invalidate);
        log.warn({ err }, 'catalogue cache: listener lost, caching paused');
        listener = null;
        invalidate();
        client.release(err);
        if (!closed) retry = setTimeout(listen, RECONNECT_MS).unref();
      };
      client.on('notification', invalidate);
      client.on('error', onError);
      await client.query(`LISTEN ${CHANNEL}`);
      listener = client;
    } catch (err) {
      log.warn({ err }, 'catalogue cache: cannot listen, caching paused');
      if (!closed) retry = setTimeout(listen, RECONNECT_MS).unref();
    }
  };
  void listen();

  return {
    invalidate,
    async read() {
      if (listener && cached) return cached;
      const started = generation;
      const fresh = await readCatalogue(db);
      if (listener && started === generation) cached = fresh;
      return fresh;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners('notification');
        client.removeAllListeners('error');
        await client.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
        client.release();
      }
    },
  };
}
