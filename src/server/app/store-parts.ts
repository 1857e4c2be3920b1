// What the store is made of besides its routes, each made once and handed to the routes that use it: the reads
// one module lends another, the credentials cipher, the live settings, mail, payments, the owner's bot, the
// background work, the catalogue cache and the purchase line.
import { type FastifyInstance } from 'fastify';
import { createFailureCounters } from '../modules/health/failure-counters.ts';
import { createTelegramSender, type TelegramSender } from '../modules/alerts/telegram-client.ts';
import { createLocalMailbox, createSmtpTransport } from '../modules/mail/transports.ts';
import { readSiteInfo } from '../modules/site/site.routes.ts';
import { createCatalogueCache } from '../modules/catalogue/catalogue-cache.ts';
import { createNotifyListener } from '../db/notify-listener.ts';
import { createLiveSettings } from '../modules/settings/live-settings.ts';
import { envSettings, logoUrl, telegramOf } from '../modules/settings/store-settings.ts';
import { senderWithName } from '../modules/mail/sender-name.ts';
import { createCredentialCipher, loadCredentialsKey } from '../modules/stock/credential-cipher.ts';
import { outboxBodyOpener } from '../modules/orders/credentials-email.ts';
import { createErcasPayProvider } from '../modules/payments/ercaspay-client.ts';
import { reconcileDuePayments } from '../modules/payments/reconcile-payments.ts';
import { createSandboxProvider } from '../modules/payments/sandbox-provider.ts';
import { createSettler } from '../modules/payments/settle-payment.ts';
import { purchaseLine } from '../modules/orders/purchase.ts';
import { readOrderItems } from '../modules/reports/read-order-items.ts';
import { readOpenTopups } from '../modules/payments/open-topups.ts';
import { readPublicAccount, readSampleAccounts } from '../modules/stock/read-public-accounts.ts';
import { readAccountCounts } from '../modules/stock/stock-figures.ts';
import { loadProfileTotals } from '../modules/wallet/profile-totals.ts';
import { startBackgroundWork } from '../background/background-work.ts';
import { supplierPurchases } from '../modules/suppliers/supplier-purchases.ts';
import type { AppDeps } from '../app.ts';

export type StoreParts = ReturnType<typeof buildStoreParts>;

export function buildStoreParts(app: FastifyInstance, deps: AppDeps) {
  const { config, database } = deps;
  const db = database.db;
  // What a module shows but a module above it answers (docs/decisions/019-module-boundaries.md): the lower one
  // declares the read's type, the higher one implements it, and only the app, above both, hands one to the other.
  const reads = {
    stockShown: { samples: readSampleAccounts, account: readPublicAccount },
    stockFigures: readAccountCounts,
    orderItems: readOrderItems,
    openEntries: readOpenTopups,
    profileTotals: loadProfileTotals,
  };
  const cipher =
    deps.cipher ??
    createCredentialCipher(
      loadCredentialsKey(config.CREDENTIALS_KEY, config.dataDir, (m) => app.log.warn(m)),
    );
  const openBody = outboxBodyOpener(db, cipher);
  // Every database notification this process hears (the catalogue's, the settings'), on one connection.
  const listener = createNotifyListener(database.pool, app.log);
  app.addHook('onClose', () => listener.close());
  // The store's settings (the console's Settings; the environment gives a new store its first values), kept in
  // memory and read again whenever any process saves them (docs/decisions/030-store-settings.md).
  const firstSettings = envSettings(config);
  const live = createLiveSettings({ db, cipher, listener, env: firstSettings, log: app.log });
  const settings = live.current;
  const storeName = () => settings().storeName;
  const brand = () => ({ storeName: storeName(), logoUrl: logoUrl(settings().logo) });
  const mailTransport =
    deps.mailTransport ??
    (config.SMTP_URL
      ? createSmtpTransport(config.SMTP_URL)
      : createLocalMailbox((line) => app.log.info(line), { showLinks: !config.isProduction }));
  const paymentProvider =
    deps.paymentProvider ??
    (config.ERCASPAY_SECRET_KEY
      ? createErcasPayProvider({
          baseUrl: config.ERCASPAY_BASE_URL,
          secretKey: config.ERCASPAY_SECRET_KEY,
        })
      : createSandboxProvider({ db, publicUrl: config.publicUrl }));
  const failures = createFailureCounters(mailTransport.name, paymentProvider.name);
  // The bot is a setting: each round uses the token and chat saved now (a sender is made again when they change).
  let sending: { key: string; sender: TelegramSender } | null = null;
  const telegramSender = (): TelegramSender | null => {
    const bot = telegramOf(settings());
    if (!bot) return null;
    const key = `${bot.token}\n${bot.chatId}`;
    if (sending?.key !== key)
      sending = {
        key,
        sender: createTelegramSender({ baseUrl: config.TELEGRAM_API_BASE, ...bot }),
      };
    return sending.sender;
  };
  const work = startBackgroundWork(app, {
    db,
    config,
    cipher,
    mailTransport,
    openBody,
    onEmailFailure: failures.emailSendFailed,
    orderItems: reads.orderItems,
    resolveWebhookHost: deps.resolveWebhookHost,
    mailFrom: () => senderWithName(config.MAIL_FROM, storeName()),
    warrantyHours: () => settings().warrantyHours,
    telegramSender,
    enabled: deps.startJobs ?? false,
  });
  const { pokeMail, pokeWebhooks, pokeOutboxes, webhookPolicy } = work;
  app.decorate('deliverWebhooks', work.deliverWebhooks);

  // Read at each use: a saved percentage applies to the next credited top-up.
  const referralTerms = {
    get percent() {
      return settings().referralPercent;
    },
    get maxTopups() {
      return settings().referralMaxTopups;
    },
  };
  const settle = createSettler({
    db,
    provider: paymentProvider,
    log: app.log,
    paymentMode: config.paymentMode,
    referralTerms,
    onCredited: pokeOutboxes,
    onVerificationFailure: (reason) =>
      failures.paymentVerificationFailed(paymentProvider.name, reason),
  });
  work.engine.queue(
    'payment reconciler',
    () => reconcileDuePayments(db, (id) => settle(id, 'reconciler')),
    15_000,
  );
  const telegram = () => {
    const bot = telegramOf(settings());
    return bot ? { baseUrl: config.TELEGRAM_API_BASE, ...bot } : null;
  };

  const siteInfo = () => {
    const now = settings();
    return readSiteInfo(config, { ...now, logoUrl: logoUrl(now.logo) });
  };
  const catalogueCache = createCatalogueCache(db, listener, config.CATALOGUE_CACHE);
  // Read-your-writes in this process: a change made through this app drops the cache before the answer
  // leaves, without waiting for the database's notification.
  app.addHook('onSend', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') catalogueCache.invalidate();
  });
  // Made once here and passed where it is used: the purchase's batcher and stock-count refresher (purchase.ts).
  // A group sold from a supplier's stock is bought there (orders reach suppliers only through this port).
  const purchases = purchaseLine(
    db,
    undefined,
    supplierPurchases({
      ...work.supplierAttempts,
      pokeRetries: work.pokeSupplierPurchases,
      log: app.log,
    }),
  );
  app.decorate('purchases', purchases);
  return {
    db,
    reads,
    cipher,
    openBody,
    listener,
    live,
    firstSettings,
    settings,
    storeName,
    brand,
    paymentProvider,
    failures,
    telegramSender,
    telegram,
    pokeMail,
    pokeWebhooks,
    pokeOutboxes,
    webhookPolicy,
    referralTerms,
    settle,
    siteInfo,
    catalogueCache,
    purchases,
  };
}
