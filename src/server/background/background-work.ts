// What the store does in the background, all of it run by the one job engine (src/server/jobs/job-engine.ts,
// ADR 032): the three outbox kinds (e-mail, webhooks, owner alerts) as queues poked after the commits that fill
// them, and the periodic jobs. Domains hand their rounds in here, the composition root: the engine imports none.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createJobEngine } from '../jobs/job-engine.ts';
import { deliverDueAlerts, skipWaitingAlerts } from '../modules/alerts/deliver-alerts.ts';
import type { TelegramSender } from '../modules/alerts/telegram-client.ts';
import { deliverDueEmails, type OpenBody } from '../modules/mail/deliver-emails.ts';
import type { MailTransport } from '../modules/mail/transports.ts';
import type { OrderItems } from '../modules/orders/read-orders.ts';
import type { CredentialCipher } from '../modules/stock/credential-cipher.ts';
import { refreshPendingStockCounts } from '../modules/stock/stock-count.ts';
import { upstreamAttempts } from '../modules/suppliers/attempt-upstream-purchase.ts';
import { retryDueUpstreamPurchases } from '../modules/suppliers/retry-upstream-purchases.ts';
import { refreshAllSuppliers } from '../modules/suppliers/refresh-supplier.ts';
import { systemResolve, type Resolve } from '../modules/webhooks/check-destination.ts';
import { deliverDueWebhooks } from '../modules/webhooks/deliver-webhooks.ts';
import { pruneStaleRows } from './prune-stale-rows.ts';

export type BackgroundDeps = {
  db: Db;
  config: Config;
  cipher: CredentialCipher;
  mailTransport: MailTransport;
  openBody: OpenBody;
  onEmailFailure: (transport: string) => void;
  orderItems: OrderItems;
  resolveWebhookHost?: Resolve;
  /** The sender's address with the store's name now (a setting: read at each round). */
  mailFrom: () => string;
  /** The warranty hours now (a setting). */
  warrantyHours: () => number;
  /** The bot saved now, or null when none is: waiting alerts are then skipped, once a minute. */
  telegramSender: () => TelegramSender | null;
  /** Off in tests, which run rounds by hand. */
  enabled: boolean;
};

export function startBackgroundWork(app: FastifyInstance, deps: BackgroundDeps) {
  const { db, config } = deps;
  const engine = createJobEngine({
    enabled: deps.enabled,
    onError: (name, err) => app.log.error({ err }, `${name} failed`),
  });
  app.addHook('onClose', async () => {
    await engine.stop();
    deps.mailTransport.close?.();
  });

  const pokeMail = engine.queue(
    'mail worker',
    () =>
      deliverDueEmails(db, deps.mailTransport, deps.mailFrom(), {
        open: deps.openBody,
        log: app.log,
        onFailure: deps.onEmailFailure,
      }),
    2000,
  );
  // Webhooks: the same outbox as e-mail (docs/decisions/024-signed-webhooks.md).
  const webhookPolicy = { allowLoopback: !config.isProduction };
  const deliverWebhooks = () =>
    deliverDueWebhooks({
      db,
      cipher: deps.cipher,
      policy: webhookPolicy,
      resolve: deps.resolveWebhookHost ?? systemResolve,
      warrantyHours: deps.warrantyHours(),
      orderItems: deps.orderItems,
      log: app.log,
    });
  const pokeWebhooks = engine.queue('webhook worker', deliverWebhooks, 2000);

  // Owner alerts: queued by database triggers with their cause, sent from here. Nothing is read or written at
  // boot: the first round runs after the interval, so a database that is down at start delays alerts, not the app.
  // The bot is a setting: each round uses the one saved now.
  let quietRounds = 0;
  engine.queue(
    'telegram alerts',
    async () => {
      const sender = deps.telegramSender();
      if (sender) return deliverDueAlerts(db, sender, { log: app.log });
      // No bot: what waits is marked skipped once a minute, not every round.
      if (++quietRounds % 20 === 0) await skipWaitingAlerts(db);
      return 0;
    },
    3000,
  );
  engine.every('pruning', 60_000, () => pruneStaleRows(db, app.log));
  // A process killed between a purchase's commit and its stock_count refresh leaves the change pending.
  engine.every('stock count sweep', 30_000, () => refreshPendingStockCounts(db), { runNow: true });

  // Each supplier's catalogue, our balance there and our listed groups' stock and price, once a minute across all
  // processes (besides the console's Refresh).
  engine.every('supplier refresh', 60_000, () => refreshAllSuppliers({ db, cipher: deps.cipher }), {
    onceAcross: db,
  });
  // Purchases from suppliers whose answer is not known yet (docs/decisions/034): sent again under the same key until
  // known. Poked when a purchase's first attempt left it pending, and once at start, for what a stopped process left
  // (debited and committed, not sent yet, or sent and never answered).
  const supplierAttempts = upstreamAttempts(db, deps.cipher, config.SUPPLIER_TIMEOUT_MS, app.log);
  const pokeSupplierPurchases = engine.queue(
    'supplier purchases',
    async () => {
      const attempted = await retryDueUpstreamPurchases(supplierAttempts);
      // A delivery queued the credentials e-mail and the order.completed webhook.
      if (attempted) {
        pokeMail();
        pokeWebhooks();
      }
      return attempted;
    },
    2000,
  );
  pokeSupplierPurchases();

  return {
    engine,
    pokeMail,
    pokeSupplierPurchases,
    supplierAttempts,
    pokeWebhooks,
    /** After a commit that may have queued e-mail and webhooks (a purchase, a credit, a resolution). */
    pokeOutboxes: () => {
      pokeMail();
      pokeWebhooks();
    },
    /** One round of this process's webhook worker (tests run it by hand). */
    deliverWebhooks,
    webhookPolicy,
  };
}
