// Orders API for customers: purchase (idempotent), history, credentials on screen, as a file, by e-mail.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  purchaseResultSchema,
  orderListSchema,
  orderCredentialsSchema,
  emailCredentialsResultSchema,
  activityListSchema,
  orderMessages,
  purchaseIncludeSchema,
  type ActivityList,
  type EmailCredentialsResult,
  type OrderCredentials,
  type OrderList,
  type PurchaseResult,
} from '../../../shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { parseId } from '../../http/params.ts';
import { consumeLimit } from '../../http/rate-limit.ts';
import { parseInput } from '../../http/validate.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { enqueueCredentialsEmail } from './credentials-email.ts';
import { credentialsText, loadOwnOrder, readOrderCredentials } from './order-credentials.ts';
import type { PurchaseLine } from './purchase.ts';
import { handlePurchase } from './handle-purchase.ts';
import { readOrders, type OrderItems } from './read-orders.ts';
import { readActivity } from '../wallet/read-activity.ts';
import { answers, textAnswer } from '../../http/response-schemas.ts';
import { quoteInputSchema, quoteSchema, type Quote } from '../../../shared/promotions.ts';
import { quoteOrder } from './quote-order.ts';

const downloadQuery = z.object({ format: z.enum(['json', 'txt']).default('json') });
const EMAILS_PER_ORDER_PER_HOUR = 5;

type Deps = {
  db: Db;
  cipher: CredentialCipher;
  /** The purchase's batcher and stock-count refresher, one per process (purchase.ts). */
  purchases: PurchaseLine;
  pokeMail: () => void;
  /** The warranty now (a setting of the store). */
  warrantyHours: () => number;
  /** The reports' read of each order's accounts (read-orders.ts). */
  orderItems: OrderItems;
};

export function orderRoutes(
  app: FastifyInstance,
  { db, cipher, purchases, pokeMail, warrantyHours, orderItems }: Deps,
): void {
  const orderId = (params: unknown) => parseId(params, orderMessages.orderNotFound);

  app.post(
    '/api/orders',
    {
      // purchase() checks the session again inside its transaction, so a remembered one may pass the door.
      config: { access: 'customer', sessionCheckedByVerb: true },
      ...answers({ 200: purchaseResultSchema, 201: purchaseResultSchema }),
    },
    async (req, reply): Promise<PurchaseResult> => {
      const { include } = parseInput(purchaseIncludeSchema, req.query);
      const result = await handlePurchase(req, reply, {
        db,
        purchases,
        pokeMail,
        warrantyHours,
        orderItems,
      });
      if (include !== 'credentials' || result.order.status !== 'completed') return result;
      // The checkout's order page shows them next: read after the purchase, outside its transaction.
      reply.header('cache-control', 'no-store');
      const credentials = await readOrderCredentials(
        db,
        cipher,
        currentUser(req).id,
        result.order.id,
      );
      return { ...result, credentials };
    },
  );

  /** What the purchase would charge now (volume price, promo code): checkout shows it before paying. */
  app.post(
    '/api/orders/quote',
    { config: { access: 'customer' }, ...answers({ 200: quoteSchema }) },
    async (req): Promise<Quote> =>
      quoteOrder(db, currentUser(req).id, parseInput(quoteInputSchema, req.body)),
  );

  app.get(
    '/api/orders',
    { config: { access: 'signed-in' }, ...answers({ 200: orderListSchema }) },
    async (req): Promise<OrderList> => ({
      orders: await readOrders(db, orderItems, currentUser(req).id, warrantyHours()),
    }),
  );

  app.get(
    '/api/orders/:id/credentials',
    { config: { access: 'signed-in' }, ...answers({ 200: orderCredentialsSchema }) },
    async (req, reply): Promise<OrderCredentials> => {
      reply.header('cache-control', 'no-store');
      return readOrderCredentials(db, cipher, currentUser(req).id, orderId(req.params));
    },
  );

  app.get(
    '/api/orders/:id/download',
    {
      config: { access: 'signed-in' },
      ...answers({ 200: textAnswer('application/json', 'text/plain') }),
    },
    async (req, reply) => {
      const id = orderId(req.params);
      const { format } = parseInput(downloadQuery, req.query);
      const credentials = await readOrderCredentials(db, cipher, currentUser(req).id, id);
      const order = await loadOwnOrder(db, currentUser(req).id, id);
      const body =
        format === 'json'
          ? JSON.stringify(
              {
                orderId: id,
                productName: credentials.productName,
                category: credentials.category,
                purchasedAt: order.createdAt.toISOString(),
                accounts: credentials.accounts,
              },
              null,
              2,
            )
          : credentialsText(credentials);
      return reply
        .header(
          'content-type',
          format === 'json' ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
        )
        .header('content-disposition', `attachment; filename="${id}.${format}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  /** Sends only to the owner's own address, whatever the request says. */
  app.post(
    '/api/orders/:id/email',
    { config: { access: 'signed-in' }, ...answers({ 200: emailCredentialsResultSchema }) },
    async (req): Promise<EmailCredentialsResult> => {
      const user = currentUser(req);
      const id = orderId(req.params);
      await loadOwnOrder(db, user.id, id);
      if (!user.email) throw new AppError('NO_EMAIL', 400, orderMessages.userEmailMissing);
      await consumeLimit(
        db,
        { bucket: `order-email:${id}`, max: EMAILS_PER_ORDER_PER_HOUR, windowMs: 3600_000 },
        'Too many e-mails for this order. Please try again later or use download.',
      );
      await enqueueCredentialsEmail(db, { orderId: id, to: user.email, userId: user.id });
      pokeMail();
      const [order] = await readOrders(db, orderItems, user.id, warrantyHours(), id);
      return { message: orderMessages.emailSent(user.email), email: order!.email! };
    },
  );

  app.get(
    '/api/me/activity',
    { config: { access: 'signed-in' }, ...answers({ 200: activityListSchema }) },
    async (req): Promise<ActivityList> => readActivity(db, currentUser(req).id),
  );
}
