import { BusinessProfileSchema, type BusinessProfile } from '@partak/domain/business-profile';
import { storageKeys } from '@partak/domain/product';
import { readJson, writeJson } from '../storage.ts';
import { browserStore } from './data-store.ts';

/** The profile kept in this browser; one that no longer parses reads as none (nothing required). */
function readProfile(): BusinessProfile {
  const parsed = BusinessProfileSchema.safeParse(readJson(storageKeys.businessProfile) ?? {});
  return parsed.success ? parsed.data : {};
}

/** The business profile kept in this browser (signed out). */
export const localBusinessProfile = browserStore(
  storageKeys.businessProfile,
  readProfile,
  (profile: BusinessProfile) => writeJson(storageKeys.businessProfile, profile),
);
