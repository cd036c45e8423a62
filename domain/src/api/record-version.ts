import { z } from 'zod/mini';

/**
 * A record's version: raised by one on every change, from 1. Kept in a 32-bit integer column, so
 * a larger number is refused as bad input (400) rather than failing in the database.
 */
export const RecordVersionSchema = z.int32().check(z.minimum(1));
