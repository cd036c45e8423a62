import type { LanguageDetectorModule } from 'i18next';
import { pickLanguage } from '@partak/domain/languages';
import { storageKeys } from '@partak/domain/product';
import { readString } from '@/lib/storage.ts';

/**
 * Detection order from the spec: the stored choice, then the browser's languages, then
 * `<html lang>`. Values that are not plain language tags (say, a planted `<script>`) are skipped.
 * Nothing is stored here: only an explicit choice is (see `setLanguage`).
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () =>
    pickLanguage([
      readString(storageKeys.language),
      ...navigator.languages,
      document.documentElement.lang,
    ]),
  cacheUserLanguage() {
    // Deliberately empty: a detected language is not a choice.
  },
};
