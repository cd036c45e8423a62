import { localBusinessProfile } from './local-business-profile.ts';

/**
 * The business profile of whoever uses the app. Screens read it with
 * `useStored('business-profile', businessProfileStore)`.
 */
export const businessProfileStore = localBusinessProfile;
