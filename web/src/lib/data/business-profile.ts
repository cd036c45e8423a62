import type { BusinessProfile } from '@partak/domain/business-profile';
import { accountOrLocal } from './account-data.ts';
import type { DataStore } from './data-store.ts';
import { localBusinessProfile } from './local-business-profile.ts';

/**
 * The business profile of whoever uses the app: this browser's, or the signed-in account's
 * (synced like goals, ADR 022). Screens read it with
 * `useStored('business-profile', businessProfileStore)`.
 */
export const businessProfileStore: DataStore<BusinessProfile> = accountOrLocal(
  localBusinessProfile,
  (sync) => sync.businessProfile,
);
