// Recognises PostgreSQL errors through Drizzle's wrapper (DrizzleQueryError keeps the driver error as cause).
type PgError = { code?: string; constraint?: string };

function pgErrorOf(err: unknown): PgError | null {
  let current: unknown = err;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate;
    current = candidate.cause;
  }
  return null;
}

/** The SQLSTATE of a PostgreSQL error (also inside Drizzle's wrapper), or undefined for any other error. */
export function sqlStateOf(err: unknown): string | undefined {
  return pgErrorOf(err)?.code;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

export function isForeignKeyViolation(err: unknown): boolean {
  return pgErrorOf(err)?.code === '23503';
}
