// The OpenAPI 3.1 description of /api/v1, generated from the same zod schemas the routes validate their answers
// with (api-v1-operations.ts) by zod's own z.toJSONSchema: there is no hand-written copy to drift.
import { z } from 'zod';
import { v1NamedSchemas } from '../../../shared/api-v1.ts';
import { apiErrorBodySchema } from '../../../shared/errors.ts';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  webhookPayloadSchemas,
  type WebhookEvent,
} from '../../../shared/webhooks.ts';
import { v1Operations, type V1Operation } from './api-v1-operations.ts';

type JsonSchema = Record<string, unknown>;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** Every schema an operation names, by id: zod's registry of those marked .meta({ id }) in shared/api-v1.ts. */
function componentSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const schema of v1NamedSchemas) registry.add(schema, { id: idOf(schema) });
  registry.add(apiErrorBodySchema, { id: 'Error' });
  for (const schema of Object.values(webhookPayloadSchemas))
    registry.add(schema, { id: idOf(schema) });
  const { schemas } = z.toJSONSchema(registry, {
    uri: (id) => `#/components/schemas/${id}`,
    target: 'draft-2020-12',
  });
  // The document's own dialect applies; a component has no $schema or $id of its own.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _s, $id: _i, ...schema }]) => [
      id,
      schema as JsonSchema,
    ]),
  );
}

function idOf(schema: z.ZodType): string {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error('An /api/v1 answer schema must carry .meta({ id })');
  return id;
}

/** The rule a client follows when an answer is lost or the store is briefly away (docs/decisions/014). */
export const RETRY_RULE =
  'If a purchase gets no answer (a timeout, a dropped connection) or a 502, 503 or 504, send it again with the ' +
  'SAME Idempotency-Key and the same body: the store buys at most once per key, so the retry answers the order ' +
  'the first try made (200) or makes it now (201), and never buys twice. A new key would be a new purchase.';

const errorAnswers = {
  '400': 'The request is not valid (VALIDATION_FAILED, QUANTITY_NOT_ALLOWED, …)',
  '401': 'No key, or the key is not valid or was revoked (UNAUTHENTICATED)',
  '403': 'The key lacks the scope this operation needs (FORBIDDEN)',
  '429': "Too many requests for this key (RATE_LIMITED); the key's own limit",
};
/** The headers an error answer carries, by status: components.headers. */
const errorHeaders: Record<string, Record<string, JsonSchema>> = {
  '401': { 'WWW-Authenticate': { $ref: '#/components/headers/WWWAuthenticate' } },
  '429': { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
};
const headerComponents = {
  WWWAuthenticate: {
    description:
      'Always "Bearer" (RFC 6750), with error="invalid_token" when a key was sent but is not valid.',
    required: true,
    schema: { type: 'string', pattern: '^Bearer( |$)' },
  },
  RetryAfter: {
    description: "Whole seconds until the key's window has room again.",
    required: true,
    schema: { type: 'string', pattern: '^[1-9][0-9]*$' },
  },
};
const purchaseErrors = {
  '402': 'The wallet does not hold enough (INSUFFICIENT_BALANCE)',
  '404': 'No such product (NOT_FOUND)',
  '409': 'OUT_OF_STOCK, ACCOUNT_UNAVAILABLE, or IDEMPOTENCY_MISMATCH',
};

function operation(op: V1Operation): JsonSchema {
  const parameters = [
    ...(op.url.includes('{id}')
      ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }]
      : []),
    ...(op.idempotent
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: true,
            description: 'One per purchase; a retry with the same key buys nothing more.',
            schema: { type: 'string', minLength: 8, maxLength: 100 },
          },
        ]
      : []),
  ];
  const errors = {
    ...errorAnswers,
    ...(op.idempotent
      ? purchaseErrors
      : op.url.includes('{id}')
        ? {
            '400': 'The id is not a uuid (VALIDATION_FAILED)',
            '404': 'No such order of yours (NOT_FOUND)',
          }
        : {}),
  };
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.scope === 'purchase' ? 'Purchase' : 'Read'],
    'x-scope': op.scope,
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: strip(z.toJSONSchema(op.body, { io: 'input' })) },
            },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(op.responses).map(([status, r]) => [
          status,
          {
            description: r.description,
            content: { 'application/json': { schema: ref(idOf(r.schema)) } },
          },
        ]),
      ),
      ...Object.fromEntries(
        Object.entries(errors).map(([status, description]) => [
          status,
          {
            description,
            ...(errorHeaders[status] ? { headers: errorHeaders[status] } : {}),
            content: { 'application/json': { schema: ref('Error') } },
          },
        ]),
      ),
    },
  };
}

const webhookSummaries: Record<WebhookEvent, string> = {
  'order.completed': 'An order was bought (through the API or the web shop)',
  'topup.credited': 'A wallet top-up was paid and credited',
  'report.resolved': 'A report of a bad account was resolved (replaced, refunded or rejected)',
};

/** The 3.1 `webhooks` section: what the store POSTs to an endpoint registered in the Profile, per event. */
function webhookOperations(): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(webhookPayloadSchemas).map(([event, schema]) => [
      event,
      {
        post: {
          operationId: `${event.replace(/\.(\w)/, (_m, c: string) => c.toUpperCase())}Webhook`,
          summary: webhookSummaries[event as WebhookEvent],
          description:
            `Sent to your endpoint when it subscribed to "${event}". Verify the ${WEBHOOK_SIGNATURE_HEADER} header ` +
            `over the raw body before trusting it, refuse timestamps more than ${WEBHOOK_TOLERANCE_SECONDS} s old, ` +
            'and drop an event id you have already handled (retries and Resend repeat it).',
          tags: ['Webhooks'],
          security: [],
          parameters: [
            {
              name: WEBHOOK_SIGNATURE_HEADER,
              in: 'header',
              required: true,
              description:
                't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint\'s secret>',
              schema: { type: 'string' },
            },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref(idOf(schema)) } },
          },
          responses: {
            '200': {
              description:
                'Any 2xx answer within 10 seconds acknowledges the delivery; anything else is retried with backoff.',
            },
          },
        },
      },
    ]),
  );
}

function strip({ $schema: _s, ...schema }: JsonSchema): JsonSchema {
  return schema;
}

export function openApiDocument(serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of Object.values(v1Operations) as V1Operation[])
    (paths[op.url] ??= {})[op.method.toLowerCase()] = operation(op);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Reseller API',
      version: '1.0.0',
      description:
        'Buy stocked accounts from your wallet, from your own shop or bot. Make a key in your Profile and send it ' +
        'as "Authorization: Bearer <key>". Money is in kobo (integers). Errors answer ' +
        '{ "error": { "code", "message" } } with a stable code. Request bodies are closed: an unknown field is ' +
        'refused (400). After a timeout or a 502, 503 or 504, retry a purchase with the SAME Idempotency-Key: it ' +
        'never buys twice (POST /api/v1/orders says how).',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    tags: [
      { name: 'Read', description: 'Needs a key with the "read" scope.' },
      { name: 'Purchase', description: 'Needs a key with the "purchase" scope.' },
      {
        name: 'Webhooks',
        description: 'What the store sends to your endpoint, signed with its secret.',
      },
    ],
    paths,
    webhooks: webhookOperations(),
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key made in your Profile (it starts with rk_).',
        },
      },
      headers: headerComponents,
      schemas: componentSchemas(),
    },
  };
}
