// The shape of every "these rows, by id" read an owner module exports for another module's list (ADR 019:
// one query for the whole page, never one per row).

/** Runs `query` once on the distinct ids (not at all for none) and keys its rows by id. */
export async function readByIds<Row extends { id: string }>(
  ids: readonly string[],
  query: (distinct: string[]) => Promise<Row[]>,
): Promise<Map<string, Row>> {
  const distinct = [...new Set(ids)];
  if (!distinct.length) return new Map();
  return new Map((await query(distinct)).map((row) => [row.id, row]));
}
