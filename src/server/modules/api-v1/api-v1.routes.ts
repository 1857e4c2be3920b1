// The reseller API (/api/v1): a Bearer key's owner reads the catalogue, the balance, their orders with credentials and
// top-ups, and buys, through the same purchase verb as the web checkout (orders/purchase.ts), nothing else.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  V1Balance,
  V1Catalogue,
  V1Credentials,
  V1OrderList,
  V1PurchaseResult,
  V1TopupList,
} from '../../../shared/api-v1.ts';
import type { CustomerOrder } from '../../../shared/orders.ts';
import { orderMessages, purchaseSchema } from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { parseId } from '../../http/params.ts';
import { parseInput } from '../../http/validate.ts';
import { readWalletBalance } from '../auth/wallet-balance.ts';
import type { CatalogueCache } from '../catalogue/catalogue-cache.ts';
import { readOrderCredentials } from '../orders/order-credentials.ts';
import { purchase, type PurchaseLine } from '../orders/purchase.ts';
import { readOrders, type OrderItems } from '../orders/read-orders.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { readTopupHistory } from '../payments/read-topup-history.ts';
import { fastifyUrl, v1Operations as ops, v1RouteOptions } from './api-v1-operations.ts';
import { developersPage } from './developers-page.ts';
import { openApiDocument } from './openapi-document.ts';
import { answers } from '../../http/response-schemas.ts';
import { paths } from '../../../shared/paths.ts';

/** The same rule as the web checkout's header (orders.routes.ts). */
const idempotencyKeySchema = z.string().trim().min(8).max(100);

type Deps = {
  db: Db;
  cipher: CredentialCipher;
  cache: CatalogueCache;
  purchases: PurchaseLine;
  pokeMail: () => void;
  /** The warranty now (a setting of the store). */
  warrantyHours: () => number;
  /** The reports' read of each order's accounts (orders/read-orders.ts). */
  orderItems: OrderItems;
  /** The store's public origin: the document's server URL. */
  publicUrl: string;
};

export function apiV1Routes(
  app: FastifyInstance,
  { db, cipher, cache, purchases, pokeMail, warrantyHours, orderItems, publicUrl }: Deps,
): void {
  // Made once: the routes' schemas do not change while the process runs.
  const document = openApiDocument(new URL(publicUrl).origin);
  const reference = developersPage(document);

  app.get(
    '/api/v1/openapi.json',
    {
      config: { access: 'public', allowCrossSite: true },
      ...answers({ 200: z.record(z.string(), z.unknown()) }),
    },
    async (_req, reply) => {
      reply
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*');
      return document;
    },
  );

  app.get(paths.developers, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(reference),
  );

  const orderId = (params: unknown) => parseId(params, orderMessages.orderNotFound);

  app.get(
    fastifyUrl(ops.catalogue),
    v1RouteOptions(ops.catalogue),
    async (): Promise<V1Catalogue> => {
      const { categories, groups } = await cache.read();
      return { categories, products: groups };
    },
  );

  app.get(
    fastifyUrl(ops.balance),
    v1RouteOptions(ops.balance),
    async (req): Promise<V1Balance> => ({
      balanceKobo: await readWalletBalance(db, currentUser(req).id),
      currency: 'NGN',
    }),
  );

  app.post(
    fastifyUrl(ops.purchase),
    v1RouteOptions(ops.purchase),
    async (req, reply): Promise<V1PurchaseResult> => {
      const user = currentUser(req);
      const key = idempotencyKeySchema.safeParse(req.headers['idempotency-key']);
      if (!key.success) throw badRequest(orderMessages.idempotencyRequired);
      const input = parseInput(purchaseSchema, req.body);
      // The key's own session (docs/decisions/023): purchase_order checks it in its transaction, as for the web.
      const outcome = await purchase(db, purchases, {
        user,
        sessionTokenHash: req.sessionTokenHash!,
        input,
        idempotencyKey: key.data,
        warrantyHours: warrantyHours(),
      });
      if (!outcome.replayed) {
        pokeMail();
        req.log.info(
          { orderId: outcome.orderId, quantity: input.quantity, apiKeyId: req.apiKeyId },
          'purchase: order completed',
        );
      }
      const order =
        outcome.order ??
        (await readOrders(db, orderItems, user.id, warrantyHours(), outcome.orderId))[0]!;
      reply.status(outcome.replayed ? 200 : 201);
      return { order, balanceKobo: outcome.balanceKobo };
    },
  );

  app.get(
    fastifyUrl(ops.orders),
    v1RouteOptions(ops.orders),
    async (req): Promise<V1OrderList> => ({
      orders: await readOrders(db, orderItems, currentUser(req).id, warrantyHours()),
    }),
  );

  app.get(fastifyUrl(ops.order), v1RouteOptions(ops.order), async (req): Promise<CustomerOrder> => {
    const [order] = await readOrders(
      db,
      orderItems,
      currentUser(req).id,
      warrantyHours(),
      orderId(req.params),
    );
    if (!order) throw notFound(orderMessages.orderNotFound);
    return order;
  });

  app.get(
    fastifyUrl(ops.credentials),
    v1RouteOptions(ops.credentials),
    async (req, reply): Promise<V1Credentials> => {
      reply.header('cache-control', 'no-store');
      return readOrderCredentials(db, cipher, currentUser(req).id, orderId(req.params));
    },
  );

  app.get(
    fastifyUrl(ops.topups),
    v1RouteOptions(ops.topups),
    async (req): Promise<V1TopupList> => ({
      topups: await readTopupHistory(db, currentUser(req).id),
    }),
  );
}
