import { formatFigure, type Figure, type Figures } from '@partak/domain/figures';
import { LANGUAGE_LOCALES, type Language } from '@partak/domain/languages';
import type { BusinessKind } from './answer-schema.ts';

/** A trade the conversation named, in the phrases an answer can use. */
export interface TradeSlot {
  kind: BusinessKind;
  /** "jako grafička", "as a graphic designer", "mit einem Café". */
  as: string;
  /** "pro grafičku", "for a café", "für ein Café". */
  for: string;
}

/** What the conversation told the mentor about the person's case. */
export interface SlotValues {
  trade?: TradeSlot;
  /** A price they named, in crowns. */
  price?: number;
  /** Their turnover over a year, in crowns. */
  turnover?: number;
}

/**
 * The year a figure applies to: the year in its id (`…-2026`), a date's own year, or the year
 * it was last checked (a threshold without a year holds as of its check).
 */
export function figureYear(id: string, figure: Figure): string {
  const inId = /-(20\d\d)(?:-|$)/.exec(id)?.[1];
  if (inId) return inId;
  if (figure.kind === 'date') return String(figure.value).slice(0, 4);
  return figure.checkedOn.slice(0, 4);
}

const crowns = (value: number, language: Language) =>
  new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
    style: 'currency',
    currency: 'CZK',
    maximumFractionDigits: 0,
  }).format(value);

/** A section `{{#slot}}…{{/slot}}` (present), `{{^slot}}…{{/slot}}` (absent) or a comparison. */
const SECTION =
  /\{\{([#^])(trade|price|turnover)(?:(>=|<)([a-z0-9-]+))?\}\}([\s\S]*?)\{\{\/\2\}\}/g;
const PLACEHOLDER = /\{\{([^{}]+)\}\}/g;

/** Where a sentence starts: a slot put there begins with a capital letter. */
const atSentenceStart = (before: string) => /(^|[.!?:]\s+|\n\s*(?:-\s+)?|\*\*\s*)$/.test(before);

export interface RenderOptions {
  figures: Figures;
  language: Language;
  slots?: SlotValues;
}

/**
 * An answer's template written out for one reader: its sections kept or dropped by what the
 * conversation told (`slots`), every figure from figures.json in the reader's format, every
 * slot filled. An unknown figure, slot or placeholder throws: it must never reach a user.
 */
export function renderAnswer(template: string, { figures, language, slots = {} }: RenderOptions) {
  const figure = (id: string) => {
    const found = figures[id];
    if (!found) throw new Error(`Unknown figure ${id}`);
    return found;
  };
  const sections = template.replace(
    SECTION,
    (_all, sign: string, slot: keyof SlotValues, op?: string, id?: string, body = '') => {
      const value = slots[slot];
      let holds = value !== undefined;
      if (holds && op && id) {
        const limit = Number(figure(id).value);
        holds = op === '>=' ? Number(value) >= limit : Number(value) < limit;
      }
      return (sign === '#') === holds ? body : '';
    },
  );
  let out = '';
  let last = 0;
  for (const match of sections.matchAll(PLACEHOLDER)) {
    const [whole, name = ''] = match;
    out += sections.slice(last, match.index);
    last = match.index + whole.length;
    let value: string;
    if (name.startsWith('figure:')) {
      value = formatFigure(figure(name.slice(7)), language);
    } else if (name.startsWith('year:')) {
      const id = name.slice(5);
      value = figureYear(id, figure(id));
    } else if (name === 'trade.as' || name === 'trade.for') {
      const trade = slots.trade;
      if (!trade) throw new Error(`${whole} outside a {{#trade}} section`);
      value = name === 'trade.as' ? trade.as : trade.for;
      if (atSentenceStart(out)) value = value.charAt(0).toUpperCase() + value.slice(1);
    } else if (name === 'price' || name === 'turnover') {
      const amount = slots[name];
      if (amount === undefined) throw new Error(`${whole} outside a {{#${name}}} section`);
      value = crowns(amount, language);
    } else {
      throw new Error(`Unknown placeholder ${whole}`);
    }
    out += value;
  }
  out += sections.slice(last);
  // A section that was dropped may leave a double space or an empty line behind.
  return out
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([,.!?])/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The words of a Markdown text, as a reader counts them (links by their text). */
export function wordCount(markdown: string): number {
  const plain = markdown.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_#>`-]+/g, ' ');
  return plain.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
