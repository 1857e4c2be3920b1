// Path parameters: the one way a route reads its :id. An id that cannot exist is "not found" (404), like an
// id that does not exist, so a malformed URL and a stale link get the same answer.
import { z } from 'zod';
import { notFound } from './errors.ts';

const uuidParams = z.object({ id: z.uuid() });
// Category ids are slugs of the name (SPEC.md §5), not uuids.
const slugParams = z.object({ id: z.string().min(1).max(100) });

/** The :id of a route whose ids are uuids (or slugs, for categories); otherwise 404 with `notFoundMessage`. */
export function parseId(
  params: unknown,
  notFoundMessage: string,
  kind: 'uuid' | 'slug' = 'uuid',
): string {
  const parsed = (kind === 'uuid' ? uuidParams : slugParams).safeParse(params);
  if (!parsed.success) throw notFound(notFoundMessage);
  return parsed.data.id;
}
