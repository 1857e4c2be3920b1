// Every route of the store, by domain, each handed the parts it uses (app/store-parts.ts).
import { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { apiKeyRoutes } from '../modules/auth/api-keys/api-keys.routes.ts';
import { apiV1Routes } from '../modules/api-v1/api-v1.routes.ts';
import { adminActivityRoutes } from '../modules/admin/admin-activity.routes.ts';
import { adminOverviewRoutes } from '../modules/admin/admin-overview.routes.ts';
import { adminStatsRoutes } from '../modules/admin/admin-stats.routes.ts';
import { accountRoutes } from '../modules/account/account.routes.ts';
import { authRoutes } from '../modules/auth/auth.routes.ts';
import { twoFactorRoutes } from '../modules/auth/two-factor/two-factor.routes.ts';
import { healthRoutes } from '../modules/health/health.routes.ts';
import { registerMetrics } from '../modules/health/metrics.ts';
import { inboxRoutes } from '../modules/inbox/inbox.routes.ts';
import { mailboxRoutes } from '../modules/mail/mailbox.routes.ts';
import { adminEmailRoutes } from '../modules/mail/admin-emails.routes.ts';
import { alertRoutes } from '../modules/alerts/alerts.routes.ts';
import { siteRoutes } from '../modules/site/site.routes.ts';
import { seoRoutes } from '../modules/site/seo.routes.ts';
import { adminCategoryRoutes } from '../modules/catalogue/admin-categories.routes.ts';
import { adminProductGroupRoutes } from '../modules/catalogue/admin-product-groups.routes.ts';
import { settingsRoutes } from '../modules/settings/settings.routes.ts';
import { catalogueRoutes } from '../modules/catalogue/catalogue.routes.ts';
import { adminAccountRoutes } from '../modules/stock/admin-accounts.routes.ts';
import { adminStockCsvRoutes } from '../modules/stock/admin-stock-csv.routes.ts';
import { adminPaymentRoutes } from '../modules/payments/admin-payments.routes.ts';
import { adminUserRoutes } from '../modules/admin/admin-users.routes.ts';
import { sandboxRoutes } from '../modules/payments/sandbox.routes.ts';
import { topupRoutes } from '../modules/payments/topup.routes.ts';
import { walletRoutes } from '../modules/wallet/wallet.routes.ts';
import { adminOrderRoutes } from '../modules/orders/admin-orders.routes.ts';
import { promotionRoutes } from '../modules/promotions/promotions.routes.ts';
import { orderRoutes } from '../modules/orders/orders.routes.ts';
import { reportRoutes } from '../modules/reports/reports.routes.ts';
import { webhookRoutes } from '../modules/webhooks/webhooks.routes.ts';
import { referralRoutes } from '../modules/referrals/referrals.routes.ts';
import { REFERRAL_COOKIE, tieReferral } from '../modules/referrals/tie-referral.ts';
import { supplierRoutes } from '../modules/suppliers/suppliers.routes.ts';
import type { StoreParts } from './store-parts.ts';

export function registerRoutes(
  app: FastifyInstance,
  { config, database }: { config: Config; database: Database },
  parts: StoreParts,
) {
  const {
    db,
    reads,
    cipher,
    openBody,
    live,
    firstSettings,
    settings,
    storeName,
    brand,
    paymentProvider,
  } = parts;
  const {
    failures,
    telegramSender,
    telegram,
    pokeMail,
    pokeWebhooks,
    pokeOutboxes,
    webhookPolicy,
  } = parts;
  const { referralTerms, settle, siteInfo, catalogueCache, purchases } = parts;
  healthRoutes(app, { db, isDraining: app.isDraining });
  registerMetrics(app, {
    db,
    pool: database.pool,
    counters: failures.registry,
    token: config.METRICS_TOKEN,
  });
  siteRoutes(app, { site: siteInfo });
  settingsRoutes(app, { db, cipher, live, env: firstSettings });
  seoRoutes(app, { db, config });
  inboxRoutes(app, { db, pokeMail, storeName });
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
  catalogueRoutes(app, { db, cache: catalogueCache, stockShown: reads.stockShown });
  adminCategoryRoutes(app, { db });
  adminProductGroupRoutes(app, { db, stockFigures: reads.stockFigures });
  adminAccountRoutes(app, { db, cipher });
  adminStockCsvRoutes(app, { db, pool: database.pool, cipher });
  walletRoutes(app, { db, openEntries: reads.openEntries });
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
  supplierRoutes(app, { db, cipher, publicUrl: config.publicUrl, log: app.log });
  alertRoutes(app, { db, telegram, sender: telegramSender, publicUrl: config.publicUrl });
  if (paymentProvider.name === 'sandbox' && !config.isProduction) sandboxRoutes(app, { db });
  if (!config.isProduction) mailboxRoutes(app, { db, open: openBody });
}
