import { readFileSync } from 'node:fs';
import type { Deadline, DeadlineKind } from '@partak/domain/deadlines/deadlines';
import { LANGUAGE_LOCALES, SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';

/** The deadline calendar's words (content/locales/<language>/deadlines.json), read once. */
interface DeadlineTexts {
  kind: Record<DeadlineKind, string>;
  quarter: string;
  calendarName: string;
  filing: Record<Filing, string>;
  withFiling: string;
}

/** How the yearly return is filed, which sets its deadline (§ 136 daňového řádu). */
export type Filing = 'paper' | 'electronic' | 'adviser';

const TEXTS = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [
    language,
    JSON.parse(
      readFileSync(
        new URL(`../../../content/locales/${language}/deadlines.json`, import.meta.url),
        'utf8',
      ),
    ) as DeadlineTexts,
  ]),
) as Record<Language, DeadlineTexts>;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** "listopad 2026", "2. čtvrtletí 2026" or "2026": the period a deadline is for. */
export function periodName(period: string, language: Language): string {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  if (quarter)
    return fill(TEXTS[language].quarter, { year: quarter[1] ?? '', quarter: quarter[2] ?? '' });
  if (/^\d{4}-\d{2}$/.test(period)) {
    return new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${period}-01T00:00:00Z`));
  }
  return period;
}

/**
 * What a deadline is, in words: "Záloha na zdravotní pojištění za listopad 2026". The yearly
 * return says how it is filed, since that is what moves its day: "… za rok 2026 (elektronicky)".
 */
export function deadlineSummary(deadline: Deadline, language: Language, filing?: Filing): string {
  const texts = TEXTS[language];
  const name = periodName(deadline.period, language);
  const summary = fill(texts.kind[deadline.kind], {
    month: name,
    period: name,
    year: deadline.period.slice(0, 4),
  });
  return deadline.kind === 'tax-return' && filing
    ? fill(texts.withFiling, { summary, filing: texts.filing[filing] })
    : summary;
}

export const calendarName = (language: Language) => TEXTS[language].calendarName;
