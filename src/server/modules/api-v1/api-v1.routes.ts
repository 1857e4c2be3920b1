// The reseller API (/api/v1): a Bearer key's owner reads the catalogue, the balance, their orders with credentials and
// top-ups, and buys, through the same purchase verb as the web checkout (orders/purchase.ts), nothing else.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  v1Messages,
  v1PurchaseBodySchema,
  type V1Balance,
  type V1Catalogue,
  type V1Credentials,
  type V1OrderList,
  type V1PurchaseResult,
  type V1TopupList,
} from '../../../shared/api-v1.ts';
import type { CustomerOrder } from '../../../shared/orders.ts';
import { orderMessages } from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { readWalletBalance } from '../auth/wallet-balance.ts';
import type { CatalogueCache } from '../catalogue/catalogue-cache.ts';
import { readOrderCredentials } from '../orders/order-credentials.ts';
import type { PurchaseLine } from '../orders/purchase.ts';
import { handlePurchase, type PurchaseDoor } from '../orders/handle-purchase.ts';
import { readOrders, type OrderItems } from '../orders/read-orders.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { readTopupHistory } from '../payments/read-topup-history.ts';
import { fastifyUrl, v1Operations as ops, v1RouteOptions } from './api-v1-operations.ts';
import { developersPage } from './developers-page.ts';
import { openApiDocument } from './openapi-document.ts';
import { answers } from '../../http/response-schemas.ts';
import { paths } from '../../../shared/paths.ts';

/** The same rule as the web checkout's header (orders.routes.ts), with the API's own messages. */
const idempotencyKeySchema = z
  .string({ error: v1Messages.idempotencyMissing })
  .trim()
  .min(8, v1Messages.idempotencyLength)
  .max(100, v1Messages.idempotencyLength);
/** An order id is documented as a uuid: anything else is a bad request (400), not an unknown order. */
const orderIdParams = z.object({ id: z.uuid({ error: v1Messages.orderIdInvalid }) });
/** The reseller API's door to the one purchase handler: its own key messages and its closed body. */
const apiDoor: PurchaseDoor = { keySchema: idempotencyKeySchema, bodySchema: v1PurchaseBodySchema };

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
  /** The store's name now (a setting): /developers is titled with it. */
  storeName: () => string;
};

export function apiV1Routes(
  app: FastifyInstance,
  { db, cipher, cache, purchases, pokeMail, warrantyHours, orderItems, publicUrl, storeName }: Deps,
): void {
  // Made once: the routes' schemas do not change while the process runs.
  const document = openApiDocument(new URL(publicUrl).origin);
  // Rendered again only when the store's name (a setting) changes.
  let reference = { storeName: '', html: '' };
  const referencePage = () => {
    const name = storeName();
    if (reference.storeName !== name)
      reference = { storeName: name, html: developersPage(document, publicUrl, name) };
    return reference.html;
  };

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
      .send(referencePage()),
  );

  const orderId = (params: unknown) => parseInput(orderIdParams, params).id;

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
    (req, reply): Promise<V1PurchaseResult> =>
      handlePurchase(req, reply, {
        db,
        purchases,
        pokeMail,
        warrantyHours,
        orderItems,
        door: apiDoor,
      }),
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
