import { SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';
import { BUSINESS_KINDS, type BusinessKind } from './answer-schema.ts';
import type { SlotValues, TradeSlot } from './render.ts';

/** A trade of content/mentor/trades.json. */
export interface Trade {
  id: string;
  kind: BusinessKind;
  /** Per language: the phrases answers use, and the pattern that recognises it (if any). */
  forms: Record<Language, { as: string; for: string; match?: RegExp }>;
}

/** A stretch of a message that names a slot, to leave out when matching the question. */
interface Span {
  start: number;
  end: number;
}

/**
 * A text folded character by character — lower case, no diacritics, anything but letters,
 * digits and the marks inside numbers and words (".,-") a space — keeping its length, so what a
 * pattern finds in it is found in the original at the same place.
 */
export function foldInPlace(text: string): string {
  return Array.from(text, (char) => {
    const folded = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const same = folded.length === char.length ? folded : char;
    return /[\p{L}\p{N}.,-]/u.test(same) ? same : ' '.repeat(char.length);
  }).join('');
}

const word = (pattern: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, 'gu');

/** The trade lexicon's entries, their patterns compiled (content/mentor/trades.json). */
export function compileTrades(raw: unknown): Trade[] {
  const { trades } = raw as {
    trades: (Record<string, unknown> & { id: string; kind: BusinessKind })[];
  };
  return trades.map((entry) => {
    if (!BUSINESS_KINDS.includes(entry.kind)) throw new Error(`Unknown kind ${entry.kind}`);
    const forms = Object.fromEntries(
      SUPPORTED_LANGUAGES.map((language) => {
        const form = entry[language] as { as: string; for: string; match?: string } | undefined;
        if (!form) throw new Error(`The trade ${entry.id} misses ${language}`);
        return [language, { ...form, match: form.match ? word(form.match) : undefined }];
      }),
    ) as Trade['forms'];
    return { id: entry.id, kind: entry.kind, forms };
  });
}

/** The first trade a message names (the lexicon's order decides), and where. */
function findTrade(
  folded: string,
  trades: readonly Trade[],
): { trade: Trade; span: Span } | undefined {
  for (const trade of trades) {
    for (const language of SUPPORTED_LANGUAGES) {
      const pattern = trade.forms[language].match;
      if (!pattern) continue;
      pattern.lastIndex = 0;
      const found = pattern.exec(folded);
      if (found) return { trade, span: { start: found.index, end: found.index + found[0].length } };
    }
  }
  return undefined;
}

// Amounts: "500 Kč", "1,8 milionu", "150 tisíc měsíčně", "2.5M", "CZK 40,000".
const AMOUNT =
  /(?<![\p{L}\p{N}])(czk )?(\d{1,3}(?:[ .,]\d{3})+|\d+)(?:[.,](\d{1,2}))?\s?(tisic[a-z]*|tis|k|mil[a-z]*|mio|m|miliard[a-z]*)?\s?(kc|korun[a-z]*|czk|eur|euro|e)?(?![\p{L}\p{N}])/gu;
const MULTIPLIERS: [RegExp, number][] = [
  [/^(tisic|tis|k)/, 1_000],
  [/^(mil|mio|m)/, 1_000_000],
  [/^miliard/, 1_000_000_000],
];
/** Words near an amount that make it a year's (or a month's) turnover. */
const TURNOVER =
  /obrat|prijm|prijem|trzb|fakturuj|vyfakturu|vydelav|vydelam|vydelk|revenue|turnover|income|sales|umsatz|einnahm|verdien|facturacion|facturo|factur|ingres|ventas/;
const MONTHLY = /mesicne|mesic|month|monat|al mes|por mes|mensual/;
/** Words near an amount that make it a price. */
const PRICE =
  /cen[auy]|stoj|hodin|kus|beru|uctuj|uctovat|rict|sazb|price|charge|hour|rate|preis|stunde|kostet|precio|hora|cobro|cobrar|tarifa/;

export interface Amount {
  value: number;
  slot: 'price' | 'turnover';
  span: Span;
}

/** The amounts in crowns a message names, each read as a price or a turnover by its words. */
export function findAmounts(folded: string): Amount[] {
  const amounts: Amount[] = [];
  for (const match of folded.matchAll(AMOUNT)) {
    const [whole, czk, digits = '', decimals, multiplier, currency] = match;
    if (currency && /^e/.test(currency)) continue; // euros are not the crowns of Czech law
    if (!czk && !multiplier && !currency) continue; // "3 roky", "50 %": not amounts
    let value = Number(`${digits.replace(/[ .,]/g, '')}.${decimals ?? '0'}`);
    const scale = MULTIPLIERS.find(([pattern]) => multiplier && pattern.test(multiplier));
    if (scale) value *= scale[1];
    if (!Number.isFinite(value) || value <= 0) continue;
    const start = match.index;
    const around = folded.slice(Math.max(0, start - 40), start + whole.length + 30);
    const turnover = TURNOVER.test(around) || (!PRICE.test(around) && value >= 300_000);
    if (turnover && MONTHLY.test(around)) value *= 12;
    amounts.push({
      value: Math.round(value),
      slot: turnover ? 'turnover' : 'price',
      span: { start, end: start + whole.length },
    });
  }
  return amounts;
}

/** How much of a message is read for slots: a person says what they do early, not on page 5. */
const SLOT_HEAD_CHARS = 2000;

/** What one message says about the person's case, and where it says it. */
export function slotsIn(
  text: string,
  trades: readonly Trade[],
): { trade?: Trade; price?: number; turnover?: number; spans: Span[] } {
  const folded = foldInPlace(text.normalize('NFC').slice(0, SLOT_HEAD_CHARS));
  const spans: Span[] = [];
  const found = findTrade(folded, trades);
  if (found) spans.push(found.span);
  let price: number | undefined;
  let turnover: number | undefined;
  for (const amount of findAmounts(folded)) {
    spans.push(amount.span);
    if (amount.slot === 'price') price ??= amount.value;
    else turnover ??= amount.value;
  }
  return { trade: found?.trade, price, turnover, spans };
}

/** A message without the words that name its slots: what is left is the question itself. */
export function withoutSlots(text: string, trades: readonly Trade[]): string {
  const normalized = text.normalize('NFC');
  const { spans } = slotsIn(normalized, trades);
  let out = normalized;
  for (const { start, end } of [...spans].sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, start)} ${out.slice(end)}`;
  }
  return out;
}

/** The words of a message that name a trade ("kadeřnice", "účetní"), if it names one. */
export function tradeWords(text: string, trades: readonly Trade[]): string {
  const normalized = text.normalize('NFC');
  const found = findTrade(foldInPlace(normalized.slice(0, SLOT_HEAD_CHARS)), trades);
  return found ? normalized.slice(found.span.start, found.span.end) : '';
}

/** A trade in the phrases of the reader's language. */
export function tradeSlot(trade: Trade, language: Language): TradeSlot {
  const { as, for: forWhom } = trade.forms[language];
  return { kind: trade.kind, as, for: forWhom };
}

/**
 * What the conversation told about the person: the trade, price and turnover they named last
 * (a later message corrects an earlier one), in the reader's language.
 */
export function slotsFrom(
  messages: readonly string[],
  trades: readonly Trade[],
  language: Language,
): SlotValues {
  const slots: SlotValues = {};
  for (const message of messages) {
    const found = slotsIn(message, trades);
    if (found.trade) slots.trade = tradeSlot(found.trade, language);
    if (found.price !== undefined) slots.price = found.price;
    if (found.turnover !== undefined) slots.turnover = found.turnover;
  }
  return slots;
}
