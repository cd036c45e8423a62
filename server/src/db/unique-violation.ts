/** True when `error` or what it wraps (drizzle puts the driver's error in `cause`) has `code`. */
function hasPostgresCode(error: unknown, code: string, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if ((error as { code?: unknown }).code === code) return true;
  return hasPostgresCode((error as { cause?: unknown }).cause, code, depth + 1);
}

/**
 * True when `error` is PostgreSQL's unique violation, e.g. the loser of two inserts racing for the
 * same address.
 */
export const isUniqueViolation = (error: unknown): boolean => hasPostgresCode(error, '23505');

/** True when `error` is PostgreSQL's foreign key violation: the row it names is gone. */
export const isForeignKeyViolation = (error: unknown): boolean => hasPostgresCode(error, '23503');
