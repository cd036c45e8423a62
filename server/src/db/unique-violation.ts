/**
 * True when `error` (or what it wraps: drizzle puts the driver's error in `cause`) is PostgreSQL's
 * unique violation, e.g. the loser of two inserts racing for the same address.
 */
export function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if ((error as { code?: unknown }).code === '23505') return true;
  return isUniqueViolation((error as { cause?: unknown }).cause, depth + 1);
}
