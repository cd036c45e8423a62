/**
 * UI dictionary sections (i18next namespaces), the spec's, plus `errors`, which is keyed by the
 * server's error codes (docs/product.md#constants), and the business profile's, the calculators'
 * and the deadline calendar's.
 */
export const DICTIONARY_NAMESPACES = [
  'common',
  'nav',
  'home',
  'topics',
  'library',
  'chat',
  'goals',
  'history',
  'analytics',
  'settings',
  'subscription',
  'auth',
  'languages',
  'errors',
  'business',
  'tools',
  'deadlines',
] as const;

/**
 * Namespaces fetched at start: the shell's, plus home's because home is the landing page; every
 * other namespace loads with the screen that uses it (and its URL with it: build/dictionary-urls.ts).
 */
export const STARTUP_NAMESPACES = [
  'common',
  'nav',
  'home',
] as const satisfies readonly (typeof DICTIONARY_NAMESPACES)[number][];

export type DictionaryNamespace = (typeof DICTIONARY_NAMESPACES)[number];

/** How dictionaries are fetched over HTTP (docs/product.md#constants). */
export const DICTIONARY_LOADING = {
  maxRetries: 5,
  firstRetryDelayMs: 350,
  maxParallelReads: 10,
} as const;
