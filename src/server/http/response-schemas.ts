// Every /api route declares the shape of its answers in Fastify's own `schema.response`, as zod schemas (most
// from src/shared/, where the client takes its types from the same schema). The serializer below checks each
// answer against its schema before it leaves, keeping only the declared fields; an answer that does not match is
// a bug of ours, answered 500 and logged. The error answer is declared once, here, for every /api route.
// Files and text (CSV, the credentials download, metrics) declare their content type with a string schema: Fastify
// sends strings and streams as they are, so there the declaration documents and does not check.
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { apiErrorBodySchema } from '../../shared/errors.ts';

/** What a route declares: its answers by status (200, 201, …), each a zod schema or `{ content: { type: { schema } } }`. */
export type ResponseSchemas = Record<number | string, z.ZodType | ContentSchemas>;
type ContentSchemas = { content: Record<string, { schema: z.ZodType }> };

/** `{ schema: { response } }` for a route's options: `app.get(url, { config, ...answers({ 200: schema }) }, …)`. */
export function answers(response: ResponseSchemas): { schema: FastifySchema } {
  return { schema: { response } };
}

/** A file or text answer of this content type (not checked: Fastify sends strings and streams unchanged). */
export function textAnswer(...contentTypes: string[]): ContentSchemas {
  return {
    content: Object.fromEntries(contentTypes.map((type) => [type, { schema: z.string() }])),
  };
}

export class ResponseShapeError extends Error {
  override name = 'ResponseShapeError';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route's declared answers, by `METHOD url`: the response-schema test walks this. */
    apiResponseSchemas: Map<string, ResponseSchemas>;
  }
}

export function registerResponseSchemas(app: FastifyInstance): void {
  const declaredByRoute = new Map<string, ResponseSchemas>();
  app.decorate('apiResponseSchemas', declaredByRoute);
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!(schema instanceof z.ZodType))
      throw new Error(`${method} ${url} ${httpStatus}: a response schema must be a zod schema`);
    return (data) => {
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        // Not a ZodError: the error handler answers those 400, and this is our fault, not the caller's.
        throw new ResponseShapeError(
          `${method} ${url} ${httpStatus}: the answer does not match its schema: ${z.prettifyError(parsed.error)}`,
        );
      }
      return JSON.stringify(parsed.data);
    };
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const response: ResponseSchemas = {
      '4xx': apiErrorBodySchema,
      '5xx': apiErrorBodySchema,
      ...(route.schema?.response as ResponseSchemas | undefined),
    };
    route.schema = { ...route.schema, response };
    for (const method of [route.method].flat())
      declaredByRoute.set(`${method} ${route.url}`, response);
  });
}

/** The success answers (2xx) a route declared: what the response-schema test requires of every /api route. */
export function successAnswers(response: unknown): string[] {
  return Object.keys((response ?? {}) as object).filter((status) => /^2(\d\d|xx)$/.test(status));
}
