import { z } from 'zod/mini';

/**
 * A moment as an ISO 8601 UTC timestamp, as `Date.prototype.toISOString` writes it. Year 0000 fits
 * the format, but PostgreSQL has no year 0 and would fail the whole write: it is refused here.
 */
export const IsoTimestampSchema = z.iso.datetime().check(
  z.refine((value) => !value.startsWith('0000-'), {
    message: 'there is no year 0',
  }),
);
