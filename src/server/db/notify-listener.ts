// One LISTEN connection per process for every cross-process "this changed" the database sends at commit (the
// catalogue, the store's settings): triggers call pg_notify, each process drops or re-reads what it keeps. While
// the connection is down every subscriber is told (lost), and told again when it is back (each notification may
// have been missed meanwhile), so a cache can stop caching rather than serve something stale.
import type pg from 'pg';

const RECONNECT_MS = 5000;

export type Subscriber = {
  /** A notification on the channel arrived (or the listener came back and one may have been missed). */
  changed: () => void;
  /** The listener is connected (true) or lost (false). */
  listening?: (on: boolean) => void;
};
export type NotifyListener = {
  subscribe: (channel: string, subscriber: Subscriber) => void;
  /** Whether this process is hearing notifications now. */
  isListening: () => boolean;
  close: () => Promise<void>;
};
type Log = { warn: (obj: object, msg: string) => void };

export function createNotifyListener(pool: pg.Pool, log: Log): NotifyListener {
  const subscribers = new Map<string, Subscriber[]>();
  let client: pg.PoolClient | null = null;
  let closed = false;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;

  const everyone = () => [...subscribers.values()].flat();
  const onNotification = (msg: pg.Notification) => {
    for (const s of subscribers.get(msg.channel) ?? []) s.changed();
  };
  const scheduleRetry = () => {
    if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS).unref();
  };

  const connect = () =>
    (connecting ??= (async () => {
      if (closed || client) return;
      try {
        const c = await pool.connect();
        const onError = (err: Error) => {
          c.removeListener('error', onError);
          c.removeListener('notification', onNotification);
          log.warn({ err }, 'database notifications: listener lost');
          client = null;
          c.release(err);
          for (const s of everyone()) {
            s.listening?.(false);
            s.changed();
          }
          scheduleRetry();
        };
        c.on('notification', onNotification);
        c.on('error', onError);
        for (const channel of subscribers.keys()) await c.query(`LISTEN ${channel}`);
        client = c;
        for (const s of everyone()) {
          s.listening?.(true);
          s.changed();
        }
      } catch (err) {
        log.warn({ err }, 'database notifications: cannot listen');
        scheduleRetry();
      }
    })().finally(() => (connecting = null)));

  return {
    subscribe(channel, subscriber) {
      const known = subscribers.has(channel);
      subscribers.set(channel, [...(subscribers.get(channel) ?? []), subscriber]);
      if (client && !known)
        void client.query(`LISTEN ${channel}`).catch((err: unknown) => {
          log.warn({ err }, `database notifications: cannot listen to ${channel}`);
        });
      if (client) subscriber.listening?.(true);
      void connect();
    },
    isListening: () => client !== null,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting;
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners('notification');
        c.removeAllListeners('error');
        await c.query('UNLISTEN *').catch(() => {});
        c.release();
      }
    },
  };
}
