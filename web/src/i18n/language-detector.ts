import type { LanguageDetectorModule } from 'i18next';
import { pickLanguage, toSupportedLanguage, type Language } from '@partak/domain/languages';
import { storageKeys } from '@partak/domain/product';
import { readString } from '@/lib/storage.ts';

/** The language the user chose in Settings, if they did (and it is one we have). */
export function storedLanguageChoice(): Language | undefined {
  return toSupportedLanguage(readString(storageKeys.language));
}

/**
 * Detection order from the spec: the stored choice, then the browser's languages, then
 * `<html lang>`. Values that are not plain language tags (say, a planted `<script>`) are skipped.
 */
export function detectLanguage(): Language {
  return pickLanguage([
    readString(storageKeys.language),
    ...navigator.languages,
    document.documentElement.lang,
  ]);
}

/** Nothing is stored here: only an explicit choice is (see `setLanguage` in lib/data/settings.ts). */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: detectLanguage,
  cacheUserLanguage() {
    // Deliberately empty: a detected language is not a choice.
  },
};
