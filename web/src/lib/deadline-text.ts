import type { TFunction } from 'i18next';
import type { Deadline } from '@partak/domain/deadlines/deadlines';
import { LANGUAGE_LOCALES, type Language } from '@partak/domain/languages';

/** `now` as an ISO date in this browser's time zone (the user's day, not UTC's). */
export function isoDateHere(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Whole days from ISO date `from` to ISO date `to` (negative when `to` is before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** An ISO date plus `days`, as an ISO date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The last day of the month `date` falls in. */
export function monthEnd(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** "po 15. 12." in Czech, "Mon, 12/15" in English: the day a deadline falls on. */
export function formatDeadlineDate(date: string, language: Language): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(LANGUAGE_LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  });
}

/** What a deadline is, in the reader's language: "Paušální daň za listopad 2026". */
export function deadlineSummary(
  t: TFunction<'deadlines'>,
  deadline: Deadline,
  language: Language,
): string {
  const [year = '', part] = deadline.period.split('-');
  let month = '';
  let period = deadline.period;
  if (part?.startsWith('Q')) {
    period = t('quarter', { quarter: part.slice(1), year });
  } else if (part) {
    month = new Date(Date.UTC(Number(year), Number(part) - 1, 15)).toLocaleDateString(
      LANGUAGE_LOCALES[language],
      { month: 'long', year: 'numeric', timeZone: 'UTC' },
    );
    period = month;
  }
  return t(`kind.${deadline.kind}`, { month, year, period });
}

/** "dnes", "zítra", "za 3 dny"; a past day reads "uplynulo". */
export function daysLeftLabel(t: TFunction<'deadlines'>, days: number): string {
  if (days < 0) return t('when.past');
  if (days === 0) return t('when.today');
  if (days === 1) return t('when.tomorrow');
  return t('when.inDays', { count: days });
}
