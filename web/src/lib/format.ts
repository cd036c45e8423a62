import { LANGUAGE_LOCALES, languageOrDefault } from '@partak/domain/languages';

/** The BCP 47 locale of an interface language (cs → cs-CZ). */
export function localeOf(language: string): string {
  return LANGUAGE_LOCALES[languageOrDefault(language)];
}

export function formatDateTime(value: string | Date, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(value));
}

/** A calendar date ("22. listopadu 2026"), read as a date in UTC so it never shifts a day. */
export function formatDate(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(isoDate),
  );
}

export function formatTime(value: string | Date, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short' }).format(
    new Date(value),
  );
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "před 5 minutami", "včera", "2 hours ago" — in the interface language. */
export function formatRelative(value: string | Date, language: string, now = new Date()): string {
  const seconds = (new Date(value).getTime() - now.getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** A signed whole number: "+3", "−2", "0". */
export function formatSigned(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { signDisplay: 'exceptZero' }).format(value);
}

/** A week named by its Monday, as its days: "23.–29. listopadu 2026". */
export function formatWeek(monday: string, language: string): string {
  const start = new Date(`${monday}T00:00:00Z`);
  const end = new Date(start.getTime() + 6 * 86_400_000);
  return new Intl.DateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(start, end);
}
