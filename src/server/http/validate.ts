// Parses request input with the same zod schemas the forms use; the first issue's message is the answer.
import type { z } from 'zod';
import { badRequest } from './errors.ts';

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid input');
  return result.data;
}
