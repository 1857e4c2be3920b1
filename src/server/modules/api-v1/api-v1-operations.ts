// Every operation of the reseller API, declared once: the routes (api-v1.routes.ts) take their scope and their
// answer schemas from here, and the OpenAPI document (openapi-document.ts) is generated from the same entries.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiKeyScope } from '../../../shared/api-keys.ts';
import {
  v1BalanceSchema,
  v1CatalogueSchema,
  v1CredentialsSchema,
  v1OrderListSchema,
  v1OrderSchema,
  v1PurchaseResultSchema,
  v1PurchaseBodySchema,
  v1TopupListSchema,
} from '../../../shared/api-v1.ts';

export type V1Operation = {
  method: 'GET' | 'POST';
  url: `/api/v1/${string}`;
  operationId: string;
  summary: string;
  description?: string;
  scope: ApiKeyScope;
  body?: z.ZodType;
  /** The Idempotency-Key header is required. */
  idempotent?: boolean;
  /** The verb checks the key's session again in its own transaction (the purchase): the door may remember the key. */
  sessionCheckedByVerb?: boolean;
  responses: Record<number, { schema: z.ZodType; description: string }>;
};

export const v1Operations = {
  catalogue: {
    method: 'GET',
    url: '/api/v1/catalogue',
    operationId: 'listCatalogue',
    summary: 'Categories and products on sale, with price and stock',
    scope: 'read',
    responses: { 200: { schema: v1CatalogueSchema, description: 'The catalogue' } },
  },
  balance: {
    method: 'GET',
    url: '/api/v1/balance',
    operationId: 'getBalance',
    summary: 'The wallet balance',
    scope: 'read',
    responses: { 200: { schema: v1BalanceSchema, description: 'The balance' } },
  },
  purchase: {
    method: 'POST',
    url: '/api/v1/orders',
    operationId: 'createOrder',
    summary: 'Buy accounts from a product, paid from the wallet',
    description:
      'Send a unique Idempotency-Key (8 to 100 characters) per purchase. Retrying with the same key and body ' +
      'answers the first order again (200) and buys nothing more; the same key with another body is refused (409). ' +
      'After a timeout, a dropped connection or a 502, 503 or 504, retry with the SAME key: the store never buys twice ' +
      'for one key.',
    scope: 'purchase',
    body: v1PurchaseBodySchema,
    idempotent: true,
    sessionCheckedByVerb: true,
    responses: {
      201: { schema: v1PurchaseResultSchema, description: 'Bought: the new order' },
      200: { schema: v1PurchaseResultSchema, description: 'A retry: the order this key bought' },
    },
  },
  orders: {
    method: 'GET',
    url: '/api/v1/orders',
    operationId: 'listOrders',
    summary: 'Your orders, newest first',
    scope: 'read',
    responses: { 200: { schema: v1OrderListSchema, description: 'The orders' } },
  },
  order: {
    method: 'GET',
    url: '/api/v1/orders/{id}',
    operationId: 'getOrder',
    summary: 'One of your orders',
    scope: 'read',
    responses: { 200: { schema: v1OrderSchema, description: 'The order' } },
  },
  credentials: {
    method: 'GET',
    url: '/api/v1/orders/{id}/credentials',
    operationId: 'getOrderCredentials',
    summary: 'The credentials of the accounts an order bought',
    scope: 'read',
    responses: { 200: { schema: v1CredentialsSchema, description: 'The credentials' } },
  },
  topups: {
    method: 'GET',
    url: '/api/v1/topups',
    operationId: 'listTopups',
    summary: 'Your wallet top-ups, newest first (the latest 100)',
    scope: 'read',
    responses: { 200: { schema: v1TopupListSchema, description: 'The top-ups' } },
  },
} satisfies Record<string, V1Operation>;

/** Fastify's form of an operation's path: {id} → :id. */
export function fastifyUrl(op: V1Operation): string {
  return op.url.replace(/\{(\w+)\}/g, ':$1');
}

/** The route options of an operation: its door (a key with its scope) and its answers. */
export function v1RouteOptions(op: V1Operation) {
  return {
    // Every 401 of the API names the scheme it wants (RFC 6750), also one the purchase verb answers itself.
    onSend: async (_req: FastifyRequest, reply: FastifyReply) => {
      if (reply.statusCode === 401 && !reply.hasHeader('www-authenticate'))
        reply.header('www-authenticate', 'Bearer');
    },
    config: {
      access: 'api-key' as const,
      apiScope: op.scope,
      allowCrossSite: true,
      sessionCheckedByVerb: op.sessionCheckedByVerb === true,
    },
    schema: {
      response: Object.fromEntries(
        Object.entries(op.responses).map(([status, r]) => [status, r.schema]),
      ),
    },
  };
}
