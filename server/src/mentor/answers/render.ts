import { formatFigure, type Figure, type Figures } from '@partak/domain/figures';
import { LANGUAGE_LOCALES, type Language } from '@partak/domain/languages';
import type { BusinessKind } from './answer-schema.ts';

/** A trade the conversation (or the profile) named, in the phrases an answer can use. */
export interface TradeSlot {
  /** Absent for a trade of the profile that fits no kind ("other"). */
  kind?: BusinessKind;
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
  /** From the business profile: where they work, in the locative ("v Praze"). */
  region?: PhraseSlot;
  /** How they are registered (`zivnost-main`, `zivnost-side`, `sro`, `not-yet`). */
  legalForm?: PhraseSlot;
  /** Their tax regime (`pausalni-dan-1`, `pausalni-dan-unknown`, `flat-rate-expenses-60`, `real-expenses`, …). */
  regime?: PhraseSlot;
  /** Their VAT status (`payer`, `none`). */
  vat?: PhraseSlot;
  /** The hours a week they bill. */
  hours?: number;
  /** Whether any of these came from the business profile (the reply then says so). */
  fromProfile?: boolean;
}

/**
 * A value of the profile with the phrase an answer puts in: `id` is what sections compare
 * (`{{#regime=pausalni-dan}}` holds for `pausalni-dan-1`), `text` what `{{regime}}` writes.
 */
export interface PhraseSlot {
  id: string;
  text: string;
}

/** The slots a template's sections and placeholders can name. */
const SECTION_SLOTS = 'trade|price|turnover|region|legalForm|regime|vat|hours';
const PHRASE_SLOTS = new Set(['region', 'legalForm', 'regime', 'vat']);

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

/**
 * A section `{{#slot}}…{{/slot}}` (present), `{{^slot}}…{{/slot}}` (absent), an amount compared
 * with a figure (`{{#turnover>=vat-registration-threshold}}`) or a value named
 * (`{{#regime=pausalni-dan}}`, `{{^regime=pausalni-dan}}`, `{{#trade=creative}}`, `{{#trade=other}}` for
 * a trade of no kind, `{{#regime=flat-rate-expenses|real-expenses}}` for either).
 */
const SECTION = new RegExp(
  `\\{\\{([#^])(${SECTION_SLOTS})(?:(>=|<|=)([a-z0-9|-]+))?\\}\\}([\\s\\S]*?)\\{\\{\\/\\2\\}\\}`,
  'g',
);

/**
 * Whether a slot's value is one of those named (`a|b`): its id, or an id it refines
 * (`pausalni-dan` names `pausalni-dan-1`).
 */
function named(value: SlotValues[keyof SlotValues], ids: string): boolean {
  // A trade of the profile that fits no kind of business is `other` (its own words only).
  const own =
    typeof value === 'object'
      ? 'id' in value
        ? value.id
        : (value.kind ?? 'other')
      : String(value ?? '');
  return own !== undefined && ids.split('|').some((id) => own === id || own.startsWith(`${id}-`));
}
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
  const section = (text: string) =>
    text.replace(
      SECTION,
      (_all, sign: string, slot: keyof SlotValues, op?: string, id?: string, body = '') => {
        const value = slots[slot];
        let holds = value !== undefined;
        if (holds && op === '=' && id) {
          holds = named(value, id);
        } else if (holds && op && id) {
          const limit = Number(figure(id).value);
          holds = op === '>=' ? Number(value) >= limit : Number(value) < limit;
        }
        return (sign === '#') === holds ? body : '';
      },
    );
  // Sections of different slots may nest (`{{^regime}}{{^legalForm=sro}}…{{/legalForm}}{{/regime}}`):
  // the outer one is decided first, then what it kept.
  let sections = template;
  for (let depth = 0; depth < 4; depth++) {
    const next = section(sections);
    if (next === sections) break;
    sections = next;
  }
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
    } else if (name === 'hours') {
      if (slots.hours === undefined) throw new Error(`${whole} outside a {{#hours}} section`);
      value = new Intl.NumberFormat(LANGUAGE_LOCALES[language]).format(slots.hours);
    } else if (PHRASE_SLOTS.has(name)) {
      const phrase = slots[name as 'region'];
      if (!phrase) throw new Error(`${whole} outside a {{#${name}}} section`);
      value = phrase.text;
      if (atSentenceStart(out)) value = value.charAt(0).toUpperCase() + value.slice(1);
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
