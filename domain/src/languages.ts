/** The interface languages. Czech is the source language, the default and the fallback. */
export const SUPPORTED_LANGUAGES = ['cs', 'en', 'de', 'es'] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'cs';

/** BCP 47 locale used for dates, times, numbers and prices in each language. */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = {
  cs: 'cs-CZ',
  en: 'en-US',
  de: 'de-DE',
  es: 'es-ES',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

// A language tag is letters, digits and hyphens/underscores (cs, en-US, zh_Hant_TW). Anything else,
// such as `<script>` or `" onload="`, is a value someone planted, and is never used.
const LANGUAGE_TAG = /^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*$/;

/**
 * Maps a candidate value (a stored choice, a browser language, an `<html lang>`) to a supported
 * language, or `undefined` when it is not one of ours or does not look like a language tag at all.
 */
export function toSupportedLanguage(candidate: unknown): Language | undefined {
  if (typeof candidate !== 'string' || !LANGUAGE_TAG.test(candidate)) return undefined;
  const primary = candidate.split(/[-_]/)[0]?.toLowerCase();
  return isLanguage(primary) ? primary : undefined;
}

/** A supported language for any candidate value: the candidate's own, or Czech. */
export function languageOrDefault(candidate: unknown): Language {
  return toSupportedLanguage(candidate) ?? DEFAULT_LANGUAGE;
}

/**
 * Picks the interface language from candidates in order of preference (stored choice, browser
 * languages, `<html lang>`): the first supported one wins, unusable values are skipped, and Czech is
 * the answer when none is usable.
 */
export function pickLanguage(candidates: readonly unknown[]): Language {
  for (const candidate of candidates) {
    const language = toSupportedLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
