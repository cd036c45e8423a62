import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Deadline, DeadlineKind } from '@partak/domain/deadlines/deadlines';
import { SUPPORTED_LANGUAGES } from '@partak/domain/languages';
import { calendarName, deadlineSummary, periodName } from './deadline-texts.ts';

const KINDS: readonly DeadlineKind[] = [
  'pausalni-dan',
  'health-advance',
  'social-advance',
  'tax-return',
  'health-overview',
  'social-overview',
  'pausal-notice',
  'vat-return',
  'control-statement',
];

const deadline = (kind: DeadlineKind, period: string): Deadline => ({
  id: `${kind}-${period}`,
  kind,
  period,
  date: '2026-12-08',
  law: 'https://www.zakonyprolidi.cz/cs/1992-592#p24',
});

describe('the deadline calendar’s words', () => {
  it('name every kind in every language, with nothing left to fill', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const file = JSON.parse(
        readFileSync(
          new URL(`../../../content/locales/${language}/deadlines.json`, import.meta.url),
          'utf8',
        ),
      ) as { kind: Record<string, string> };
      expect(Object.keys(file.kind).sort(), language).toEqual([...KINDS].sort());
      for (const kind of KINDS) {
        const text = deadlineSummary(
          deadline(kind, kind.endsWith('return') ? '2026' : '2026-11'),
          language,
          'paper',
        );
        expect(text, `${language} ${kind}`).not.toMatch(/\{\{|\}\}/);
        expect(text.length).toBeGreaterThan(5);
      }
      expect(calendarName(language)).toMatch(/^Parťák/);
    }
  });

  it('read as a Czech founder expects them', () => {
    expect(deadlineSummary(deadline('health-advance', '2026-11'), 'cs')).toBe(
      'Záloha na zdravotní pojištění za listopad 2026',
    );
    expect(deadlineSummary(deadline('pausalni-dan', '2026-12'), 'cs')).toBe(
      'Paušální daň za prosinec 2026',
    );
    expect(deadlineSummary(deadline('tax-return', '2026'), 'cs')).toBe(
      'Daňové přiznání za rok 2026',
    );
    expect(deadlineSummary(deadline('tax-return', '2026'), 'cs', 'electronic')).toBe(
      'Daňové přiznání za rok 2026 (elektronicky)',
    );
    expect(deadlineSummary(deadline('tax-return', '2026'), 'cs', 'adviser')).toBe(
      'Daňové přiznání za rok 2026 (s daňovým poradcem)',
    );
    // Only the return's day depends on how it is filed.
    expect(deadlineSummary(deadline('health-overview', '2026'), 'cs', 'paper')).toBe(
      'Přehled pro zdravotní pojišťovnu za rok 2026',
    );
    expect(deadlineSummary(deadline('vat-return', '2027-Q1'), 'cs')).toBe(
      'Přiznání k DPH za 1. čtvrtletí 2027',
    );
    expect(deadlineSummary(deadline('control-statement', '2027-01'), 'cs')).toBe(
      'Kontrolní hlášení za leden 2027',
    );
  });

  it('name months and quarters in the user’s language', () => {
    expect(deadlineSummary(deadline('health-advance', '2026-11'), 'en')).toBe(
      'Health insurance advance for November 2026',
    );
    expect(periodName('2026-03', 'de')).toBe('März 2026');
    expect(periodName('2026-03', 'es')).toMatch(/^marzo (de )?2026$/);
    expect(periodName('2026-Q4', 'en')).toBe('Q4 2026');
    expect(periodName('2026', 'cs')).toBe('2026');
  });
});
