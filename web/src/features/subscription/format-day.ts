import { LANGUAGE_LOCALES, type Language } from '@partak/domain/languages';

/** "29. listopadu 2026": a day as the language writes it in a sentence. */
export function formatDay(iso: string | null, language: Language): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));
}
