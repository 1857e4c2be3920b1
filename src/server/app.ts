// buildApp(deps): the whole HTTP app, built the same way for main.ts and for the tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerAccessControl } from './http/access.ts';
import { createApiKeyLoader } from './modules/auth/api-keys/resolve-api-key.ts';
import { apiKeyRoutes } from './modules/auth/api-keys/api-keys.routes.ts';
import { apiV1Routes } from './modules/api-v1/api-v1.routes.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerResponseSchemas } from './http/response-schemas.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { registerSpa } from './modules/pages/spa.ts';
import { trustProxyOption } from './http/trust-proxy.ts';
import { registerRequestIdHeader, requestIdFor } from './http/request-id.ts';
import { registerDrain } from './http/drain.ts';
import { releaseMemory } from './http/release-memory.ts';
import { registerSameOriginGuard } from './http/same-origin.ts';
import { registerInputHygiene } from './http/validate.ts';
import { adminActivityRoutes } from './modules/admin/admin-activity.routes.ts';
import { adminOverviewRoutes } from './modules/admin/admin-overview.routes.ts';
import { adminStatsRoutes } from './modules/admin/admin-stats.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { loadMe } from './modules/auth/me.ts';
import { createSessionLoader, sessionCookieName } from './modules/auth/sessions.ts';
import { assertSteppedUp } from './modules/auth/two-factor/step-up.ts';
import { twoFactorRoutes } from './modules/auth/two-factor/two-factor.routes.ts';
import { registerAfterAnswer } from './http/after-answer.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerMetrics } from './modules/health/metrics.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { createFailureCounters } from './modules/health/failure-counters.ts';
import { mailboxRoutes } from './modules/mail/mailbox.routes.ts';
import { adminEmailRoutes } from './modules/mail/admin-emails.routes.ts';
import { alertRoutes } from './modules/alerts/alerts.routes.ts';
import { createTelegramSender, type TelegramSender } from './modules/alerts/telegram-client.ts';
import {
  createLocalMailbox,
  createSmtpTransport,
  type MailTransport,
} from './modules/mail/transports.ts';
import { readSiteInfo, siteRoutes } from './modules/site/site.routes.ts';
import { createPageRenderer } from './modules/pages/page-renderer.ts';
import { seoRoutes } from './modules/site/seo.routes.ts';
import { adminCategoryRoutes } from './modules/catalogue/admin-categories.routes.ts';
import { adminProductGroupRoutes } from './modules/catalogue/admin-product-groups.routes.ts';
import { createCatalogueCache } from './modules/catalogue/catalogue-cache.ts';
import { createNotifyListener } from './db/notify-listener.ts';
import { createLiveSettings } from './modules/settings/live-settings.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { envSettings, logoUrl, telegramOf } from './modules/settings/store-settings.ts';
import { senderWithName } from './modules/mail/sender-name.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { adminAccountRoutes } from './modules/stock/admin-accounts.routes.ts';
import {
  createCredentialCipher,
  loadCredentialsKey,
  type CredentialCipher,
} from './modules/stock/credential-cipher.ts';
import { adminStockCsvRoutes } from './modules/stock/admin-stock-csv.routes.ts';
import { outboxBodyOpener } from './modules/orders/credentials-email.ts';
import { adminPaymentRoutes } from './modules/payments/admin-payments.routes.ts';
import { adminUserRoutes } from './modules/admin/admin-users.routes.ts';
import { createErcasPayProvider } from './modules/payments/ercaspay-client.ts';
import type { PaymentProvider } from './modules/payments/payment-provider.ts';
import { reconcileDuePayments } from './modules/payments/reconcile-payments.ts';
import { createSandboxProvider } from './modules/payments/sandbox-provider.ts';
import { sandboxRoutes } from './modules/payments/sandbox.routes.ts';
import { createSettler } from './modules/payments/settle-payment.ts';
import { topupRoutes } from './modules/payments/topup.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { adminOrderRoutes } from './modules/orders/admin-orders.routes.ts';
import { promotionRoutes } from './modules/promotions/promotions.routes.ts';
import { orderRoutes } from './modules/orders/orders.routes.ts';
import { purchaseLine, type PurchaseLine } from './modules/orders/purchase.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { readOrderItems } from './modules/reports/read-order-items.ts';
import { readOpenTopups } from './modules/payments/open-topups.ts';
import { readPublicAccount, readSampleAccounts } from './modules/stock/read-public-accounts.ts';
import { readAccountCounts } from './modules/stock/stock-figures.ts';
import { loadProfileTotals } from './modules/wallet/profile-totals.ts';
import type { Resolve } from './modules/webhooks/check-destination.ts';
import { startBackgroundWork } from './background/background-work.ts';
import { supplierPurchases } from './modules/suppliers/supplier-purchases.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { referralRoutes } from './modules/referrals/referrals.routes.ts';
import { REFERRAL_COOKIE, tieReferral } from './modules/referrals/tie-referral.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's purchase line (its batcher's figures: `app.purchases.batcher.stats()`). */
    purchases: PurchaseLine;
    /** One round of this process's webhook worker (tests run it by hand; main.ts runs it in its job loop). */
    deliverWebhooks: () => Promise<number>;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  /** pino options or a ready logger; tests pass their own to capture or silence logs. */
  logger?: FastifyServerOptions['loggerInstance'] | FastifyServerOptions['logger'];
  clientDir?: string;
  /**
   * The server-render bundle (`npm run build` writes it beside the client build); without it the public pages
   * are the SPA shell.
   */
  ssrEntry?: string;
  /** Where e-mail goes; by default SMTP when SMTP_URL is set, else the local mailbox. */
  mailTransport?: MailTransport;
  /** Seals stock credentials; by default from CREDENTIALS_KEY or the key file in the data folder. */
  cipher?: CredentialCipher;
  /** ErcasPay when ERCASPAY_SECRET_KEY is set, else the built-in sandbox; tests pass one pointed at a fake. */
  paymentProvider?: PaymentProvider;
  /** Background jobs (outbox delivery, ...): on in main.ts, off in tests, which run them by hand. */
  startJobs?: boolean;
  /** How a webhook's host name is resolved at delivery (the system's resolver; tests pass their own). */
  resolveWebhookHost?: Resolve;
};

const defaultClientDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/client',
);

export const BODY_LIMIT_BYTES = 1024 * 1024;

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: { req: requestSerializer(config.PAYMENT_WEBHOOK_TOKEN) },
  };
}

/**
 * Fastify's request serializer, except that no secret carried in a URL reaches the log: the webhook route is
 * logged as its pattern, its token is masked in any other path that carries it (a client sending it to the
 * wrong route, a prober pasting it everywhere), and so are the one-time tokens of the e-mail links
 * (`token_hash` of the confirmation link, `token` of the reset and e-mail-change links), which the browser
 * requests as pages.
 */
function requestSerializer(webhookToken: string | undefined) {
  const forms = webhookToken ? [...new Set([webhookToken, encodeURIComponent(webhookToken)])] : [];
  const mask = (url: string) =>
    forms
      .reduce((masked, form) => masked.replaceAll(form, '[redacted]'), url)
      .replace(/([?&]token(?:_hash)?=)[^&#]*/g, '$1[redacted]');
  return (req: FastifyRequest) => {
    const pattern = req.routeOptions?.url;
    return {
      method: req.method,
      url: pattern?.includes(':token') ? pattern : mask(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const logger = deps.logger ?? loggerOptions(config);
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    genReqId: requestIdFor,
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // A client that sends a few bytes and stops is cut off (config.ts says which limit is for what). Node checks
    // the headers and request deadlines every connectionsCheckingInterval, so that runs every second.
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: 1000,
    },
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    // Only the configured proxies' X-Forwarded-For is believed: req.ip (and every per-IP limit) is the address they vouch for.
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
  });

  registerErrorHandler(app);
  registerResponseSchemas(app);
  registerRequestIdHeader(app);
  registerDrain(app);
  registerAfterAnswer(app);
  await registerSecurityHeaders(app, config.isProduction);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  registerSameOriginGuard(app, config.publicUrl);
  const loadSession = createSessionLoader(database.db, config);
  registerAccessControl(app, loadSession, {
    adminsNeedTwoFactor: config.adminsNeedTwoFactor,
    assertSteppedUp: (user, tokenHash) => assertSteppedUp(database.db, user, tokenHash),
    loadApiKey: createApiKeyLoader(database.db, config.API_KEY_REQUESTS_PER_MINUTE),
  });
  registerInputHygiene(app);

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

  healthRoutes(app, { db, isDraining: app.isDraining });
  registerMetrics(app, {
    db,
    pool: database.pool,
    counters: failures.registry,
    token: config.METRICS_TOKEN,
  });
  const siteInfo = () => {
    const now = settings();
    return readSiteInfo(config, { ...now, logoUrl: logoUrl(now.logo) });
  };
  siteRoutes(app, { site: siteInfo });
  settingsRoutes(app, { db, cipher, live, env: firstSettings });
  seoRoutes(app, { db, config });
  inboxRoutes(app, { db: database.db, pokeMail, storeName });
  // The referral tie runs in the sign-up's transaction; auth knows it only as a hook (ADR 019: referrals → auth).
  authRoutes(app, {
    db,
    config,
    pokeMail,
    cipher,
    profileTotals: reads.profileTotals,
    signup: { onSignedUp: tieReferral, cookiesUsed: [REFERRAL_COOKIE] },
    brand,
  });
  twoFactorRoutes(app, { db, config, cipher });
  accountRoutes(app, { db, config, pokeMail, brand });
  adminStatsRoutes(app, {
    db,
    paymentMode: config.paymentMode,
    lowStockThreshold: () => settings().lowStockThreshold,
  });
  adminOverviewRoutes(app, { db });
  adminActivityRoutes(app, { db });
  const catalogueCache = createCatalogueCache(db, listener, config.CATALOGUE_CACHE);
  // Read-your-writes in this process: a change made through this app drops the cache before the answer
  // leaves, without waiting for the database's notification.
  app.addHook('onSend', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') catalogueCache.invalidate();
  });
  catalogueRoutes(app, { db, cache: catalogueCache, stockShown: reads.stockShown });
  adminCategoryRoutes(app, { db });
  adminProductGroupRoutes(app, { db, stockFigures: reads.stockFigures });
  adminAccountRoutes(app, { db, cipher });
  adminStockCsvRoutes(app, { db, pool: database.pool, cipher });
  walletRoutes(app, { db, openEntries: reads.openEntries });
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
  orderRoutes(app, {
    db,
    cipher,
    purchases,
    pokeMail: pokeOutboxes,
    warrantyHours: () => settings().warrantyHours,
    orderItems: reads.orderItems,
  });
  apiV1Routes(app, {
    db,
    cipher,
    cache: catalogueCache,
    purchases,
    pokeMail: pokeOutboxes,
    warrantyHours: () => settings().warrantyHours,
    orderItems: reads.orderItems,
    publicUrl: config.publicUrl,
    storeName,
  });
  adminOrderRoutes(app, { db });
  promotionRoutes(app, { db });
  reportRoutes(app, {
    db,
    cipher,
    pokeMail: pokeOutboxes,
    warrantyHours: () => settings().warrantyHours,
  });
  topupRoutes(app, {
    db,
    provider: paymentProvider,
    publicUrl: config.publicUrl,
    webhookToken: config.PAYMENT_WEBHOOK_TOKEN,
    settle,
  });
  adminUserRoutes(app, { db });
  referralRoutes(app, {
    db,
    publicUrl: config.publicUrl,
    isProduction: config.isProduction,
    terms: referralTerms,
    cookieDays: config.REFERRAL_COOKIE_DAYS,
  });
  apiKeyRoutes(app, { db });
  webhookRoutes(app, { db, cipher, policy: webhookPolicy, pokeWebhooks });
  const paymentSetup = {
    publicUrl: config.publicUrl,
    webhookToken: config.PAYMENT_WEBHOOK_TOKEN,
    paymentMode: config.paymentMode,
    provider: paymentProvider.name,
  };
  adminPaymentRoutes(app, { db, recheck: (id) => settle(id, 'admin'), setup: paymentSetup });
  adminEmailRoutes(app, { db, pokeMail });
  alertRoutes(app, { db, telegram, sender: telegramSender, publicUrl: config.publicUrl });
  if (paymentProvider.name === 'sandbox' && !config.isProduction) sandboxRoutes(app, { db });
  if (!config.isProduction) mailboxRoutes(app, { db, open: openBody });

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
  return app;
}

function isLoggerInstance(
  l: AppDeps['logger'],
): l is NonNullable<FastifyServerOptions['loggerInstance']> {
  return (
    typeof l === 'object' && l !== null && typeof (l as { child?: unknown }).child === 'function'
  );
}
