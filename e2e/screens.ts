/** One address of each screen of the app, for the checks that go through them all. */
export const SCREENS = [
  '/',
  '/topics',
  '/topics?tab=library',
  '/topic/sales',
  '/chat',
  '/library',
  '/library/marketing',
  '/library/marketing/meta-ads',
  '/goals',
  '/review',
  '/history',
  '/analytics',
  '/settings',
  '/subscription',
  '/profil',
  '/nastaveni-oznameni',
] as const;
