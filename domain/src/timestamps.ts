import { z } from 'zod/mini';

/** A moment as an ISO 8601 UTC timestamp, as `Date.prototype.toISOString` writes it. */
export const IsoTimestampSchema = z.iso.datetime();
