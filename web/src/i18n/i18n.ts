import i18next from 'i18next';
import { DICTIONARY_LOADING } from '@partak/domain/dictionaries';
import {
  DEFAULT_LANGUAGE,
  languageOrDefault,
  SUPPORTED_LANGUAGES,
  type Language,
} from '@partak/domain/languages';
import { dictionaryBackend } from './dictionary-backend.ts';
import { STARTUP_NAMESPACES } from '@partak/domain/dictionaries';
import { mirrorLanguageChoice } from './language-cookie.ts';
import { languageDetector } from './language-detector.ts';

export const i18n = i18next.createInstance();

/**
 * Starts i18next: the language comes from `languageDetector`; dictionaries are fetched per language
 * and namespace with the spec's retry and parallelism limits.
 */
export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = languageOrDefault(language);
  });
  return i18n
    .use(dictionaryBackend)
    .use(languageDetector)
    .init({
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      load: 'languageOnly',
      ns: STARTUP_NAMESPACES,
      defaultNS: 'common',
      fallbackNS: false,
      // React escapes everything it renders; escaping here too would show entities as text.
      interpolation: { escapeValue: false },
      returnNull: false,
      maxRetries: DICTIONARY_LOADING.maxRetries,
      retryTimeout: DICTIONARY_LOADING.firstRetryDelayMs,
      maxParallelReads: DICTIONARY_LOADING.maxParallelReads,
    });
}

/**
 * Shows the interface in `language`, which the user chose (here or on another device): the cookie
 * tells the server too, for the next page. Keeping the choice is the settings' job
 * (`setLanguage` in lib/data/settings.ts).
 */
export async function showLanguage(language: Language): Promise<void> {
  mirrorLanguageChoice(language);
  await i18n.changeLanguage(language);
}
