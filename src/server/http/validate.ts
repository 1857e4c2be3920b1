// Parses request input with the same zod schemas the forms use; the first issue's message is the answer.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid input');
  return result.data;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSTORABLE_TEXT_MESSAGE = 'The request contains characters that cannot be stored.';

/** PostgreSQL stores neither NUL in text nor a lone surrogate in jsonb: such input is refused, never a 500. */
export function hasUnstorableText(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000') || LONE_SURROGATE.test(value)) return true;
    } else if (
      value !== null &&
      typeof value === 'object' &&
      typeof (value as { pipe?: unknown }).pipe !== 'function'
    ) {
      for (const [key, item] of Object.entries(value)) pending.push(key, item);
    }
  }
  return false;
}

/** After access control (so the anonymous still get 401): path parameters, query and JSON body must be storable text. */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    if (
      hasUnstorableText(req.params) ||
      hasUnstorableText(req.query) ||
      hasUnstorableText(req.body)
    )
      throw badRequest(UNSTORABLE_TEXT_MESSAGE);
  });
}
