import { z } from 'zod/mini';
import { LANGUAGE_LOCALES, type Language } from './languages.ts';

/**
 * Figures of Czech law and money (thresholds, rates, deadlines) that articles quote. Each lives
 * once, in content/library/figures.json, with the page of the authority that states it and the
 * day someone checked it; articles write `{{figure:<id>}}` and get the value in the reader's
 * language. A figure older than 13 months fails the tests.
 */
export const FigureSchema = z.object({
  value: z.union([z.number(), z.string()]),
  /** `czk`: whole crowns; `number`: a plain count; `percent`; `date`: an ISO date. */
  kind: z.enum(['czk', 'number', 'percent', 'date']),
  label: z.string(),
  source: z.url(),
  checkedOn: z.iso.date(),
  /** Set when the figure depends on a law not yet in force. */
  pending: z.optional(z.string()),
});

export type Figure = z.infer<typeof FigureSchema>;
export type Figures = Record<string, Figure>;

export const FIGURE_PATTERN = /\{\{figure:([a-z0-9-]+)\}\}/g;

/** A figure as a reader of `language` writes it: "2 000 000 Kč", "CZK 2,000,000", "4. Mai 2026". */
export function formatFigure(figure: Figure, language: Language): string {
  const locale = LANGUAGE_LOCALES[language];
  const { value, kind } = figure;
  if (kind === 'date') {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(String(value)),
    );
  }
  const number = Number(value);
  if (kind === 'czk') {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'CZK',
      maximumFractionDigits: 0,
    }).format(number);
  }
  if (kind === 'percent') {
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
      number / 100,
    );
  }
  return new Intl.NumberFormat(locale).format(number);
}

/** The ids of the figures a text quotes, in order of appearance. */
export function figuresIn(text: string): string[] {
  return [...text.matchAll(FIGURE_PATTERN)].map((match) => match[1] ?? '');
}

/** A text with every `{{figure:<id>}}` written out; an unknown id throws, so it never ships. */
export function renderFigures(text: string, figures: Figures, language: Language): string {
  return text.replace(FIGURE_PATTERN, (_, id: string) => {
    const figure = figures[id];
    if (!figure) throw new Error(`Unknown figure {{figure:${id}}}`);
    return formatFigure(figure, language);
  });
}

/** The oldest check among the figures a text quotes ("checked on …" for the whole article). */
export function checkedOn(text: string, figures: Figures): string | undefined {
  return figuresIn(text)
    .map((id) => figures[id]?.checkedOn)
    .filter((date): date is string => date !== undefined)
    .sort()[0];
}
