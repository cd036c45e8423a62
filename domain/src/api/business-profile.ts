import { z } from 'zod/mini';
import { BusinessProfileSchema, RegistryEntrySchema } from '../business-profile.ts';
import { IsoTimestampSchema } from '../timestamps.ts';
import { RecordVersionSchema } from './record-version.ts';

/**
 * `GET /api/v1/business-profile`: the account's profile, or 404 `not_found` when it has none.
 * One per account, so there is no id: no request can name another user's profile.
 */
export const BusinessProfileRecordSchema = z.object({
  profile: BusinessProfileSchema,
  version: RecordVersionSchema,
  updatedAt: IsoTimestampSchema,
});
export type BusinessProfileRecord = z.infer<typeof BusinessProfileRecordSchema>;

/**
 * `PUT /api/v1/business-profile`: the whole profile. Without `version` it is made (or replaces
 * the one there, for a first sign-in's merge); with `version` it applies only on that version,
 * else 409 `conflict` carrying `current`. `DELETE` removes it (204, and 204 again).
 */
export const PutBusinessProfileSchema = z.object({
  profile: BusinessProfileSchema,
  version: z.optional(RecordVersionSchema),
});
export type PutBusinessProfile = z.infer<typeof PutBusinessProfileSchema>;

/**
 * `GET /api/v1/registry/{ico}`: the public ARES record of an IČO. 400 `ico_invalid` (checksum),
 * 404 `ico_not_found` (ARES's NENALEZENO), 503 `registry_unavailable` (ARES down, slow or odd).
 */
export const RegistryLookupSchema = RegistryEntrySchema;
