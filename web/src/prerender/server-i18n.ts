import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';
import { i18n } from '@/i18n/i18n.ts';

/** Every dictionary, bundled into the prerender (never into the browser's code). */
const files = import.meta.glob<Record<string, unknown>>('../../../content/locales/*/*.json', {
  import: 'default',
  eager: true,
});

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, dictionary] of Object.entries(files)) {
  const [, language = '', namespace = ''] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  (resources[language] ??= {})[namespace] = dictionary;
}

const used = new Set<string>();

/**
 * Starts the app's own i18next instance with every dictionary in memory, so nothing suspends on a
 * dictionary while a page is prerendered. The same options as the browser's `initI18n` where they
 * change what is rendered.
 */
export async function initServerI18n(): Promise<void> {
  await i18n.init({
    resources,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'languageOnly',
    lng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    fallbackNS: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  // Which dictionaries a page reads, so its HTML can preload exactly those: every read goes
  // through `getFixedT` (see use-translation.ts).
  const getFixedT = i18n.getFixedT.bind(i18n);
  i18n.getFixedT = ((...args: Parameters<typeof getFixedT>) => {
    if (typeof args[1] === 'string') used.add(args[1]);
    return getFixedT(...args);
  }) as typeof i18n.getFixedT;
}

/** Switches the language for the next page and starts a fresh record of the dictionaries read. */
export async function startPage(language: Language): Promise<void> {
  used.clear();
  await i18n.changeLanguage(language);
}

/** The dictionaries the page rendered since `startPage` read. */
export function namespacesRead(): string[] {
  return [...used].sort();
}
