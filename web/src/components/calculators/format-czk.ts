import { LANGUAGE_LOCALES, languageOrDefault } from '@partak/domain/languages';

/** "12 345 Kč", "CZK 12,345": whole crowns as the reader writes them. */
export function formatCzk(amount: number, language: string): string {
  return new Intl.NumberFormat(LANGUAGE_LOCALES[languageOrDefault(language)], {
    style: 'currency',
    currency: 'CZK',
    maximumFractionDigits: 0,
  }).format(amount);
}
