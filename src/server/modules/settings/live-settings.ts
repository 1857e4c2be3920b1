// The store's settings as this process uses them: in memory, read synchronously wherever they are needed (a page's
// title, an e-mail's sender, the warranty), and read again whenever PostgreSQL says they changed
// ('settings_changed', sent by a trigger at commit from any process: the listener the catalogue cache uses).
// Before the first read, and while the database cannot be read, the last values known (at start, the
// environment's) stay in use: a store with its database down still names itself.
import type { Db } from '../../db/client.ts';
import type { NotifyListener } from '../../db/notify-listener.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { readStoreSettings, seedStoreSettings } from './read-store-settings.ts';
import type { StoreSettings } from './store-settings.ts';

export const SETTINGS_CHANNEL = 'settings_changed';

export type LiveSettings = {
  current: () => StoreSettings;
  /** Reads the row now (after this process saved, so its own answer already shows the change). */
  reload: () => Promise<void>;
  /** Called after each read that changed something (the page renderer drops the pages it keeps). */
  onChange: (fn: (s: StoreSettings) => void) => void;
};
type Log = { warn: (obj: object, msg: string) => void };

export function createLiveSettings(deps: {
  db: Db;
  cipher: CredentialCipher;
  listener: NotifyListener;
  env: StoreSettings;
  log: Log;
}): LiveSettings {
  const { db, cipher, env, log } = deps;
  let value = env;
  let seeded = false;
  const listeners: ((s: StoreSettings) => void)[] = [];
  // One read at a time. A reload asked for during a read waits for a read that starts after it was asked.
  let running: Promise<void> | null = null;
  let asked = 0;
  let answered = 0;

  const readOnce = async () => {
    if (!seeded) {
      await seedStoreSettings(db, env, cipher);
      seeded = true;
    }
    const next = await readStoreSettings(db, env, cipher);
    const changed = !sameSettings(value, next);
    value = next;
    if (changed) for (const fn of listeners) fn(next);
  };
  const reload = async (): Promise<void> => {
    const mine = ++asked;
    while (answered < mine) {
      running ??= (async () => {
        const covers = asked;
        try {
          await readOnce();
        } catch (err) {
          log.warn({ err }, 'store settings: cannot read them, keeping the last values');
        }
        answered = Math.max(answered, covers);
      })().finally(() => (running = null));
      await running;
    }
  };
  // Subscribing connects the listener, which reports `changed` once connected: that is the first read.
  deps.listener.subscribe(SETTINGS_CHANNEL, { changed: () => void reload() });

  return {
    current: () => value,
    reload,
    onChange: (fn) => listeners.push(fn),
  };
}

function sameSettings(a: StoreSettings, b: StoreSettings): boolean {
  const plain = (s: StoreSettings) => ({ ...s, logo: s.logo?.version ?? null, updatedAt: null });
  return JSON.stringify(plain(a)) === JSON.stringify(plain(b));
}
