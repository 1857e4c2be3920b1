// buildApp(deps): the whole HTTP app, built the same way for main.ts and for the tests: the server and the layers
// every request passes, what the store is made of, its routes, and its pages (each part in src/server/app/).
import { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createHttpServer } from './app/http-server.ts';
import { registerPages } from './app/pages.ts';
import { registerRoutes } from './app/routes.ts';
import { buildStoreParts } from './app/store-parts.ts';
import { type MailTransport } from './modules/mail/transports.ts';
import { type CredentialCipher } from './modules/stock/credential-cipher.ts';
import type { PaymentProvider } from './modules/payments/payment-provider.ts';
import { type PurchaseLine } from './modules/orders/purchase.ts';
import type { Resolve } from './modules/webhooks/check-destination.ts';

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

export { BODY_LIMIT_BYTES } from './app/http-server.ts';
export { loggerOptions } from './app/logger.ts';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { app, loadSession } = await createHttpServer(deps);
  const parts = buildStoreParts(app, deps);
  registerRoutes(app, deps, parts);
  await registerPages(app, deps, parts, loadSession);
  return app;
}
