import type { Language } from '@partak/domain/languages';
import { normalizeWords } from '@partak/domain/words';
import type { WeightedTerms } from './answers/intent-index.ts';
import { askingTerms, intentTerms, termSet } from './answers/intent-terms.ts';
import { slotsIn, withoutSlots, type Trade } from './answers/slots.ts';
import { analyzer, fold } from './library/text.ts';
import type { Templates } from './templates.ts';

/**
 * How a message continues the conversation before it (the understanding's follow-up reading):
 * "A kolik to stojí?", "a pro kavárnu?", "Mám e-shop.", "Co mám udělat jako první?".
 */

/** A follow-up's earlier question counts this much beside its own words. */
const CONTEXT_WEIGHT = 0.5;
/** A follow-up is short: at most this many terms of its own. */
const FOLLOW_UP_TERMS = 3;
/** "Dobře, a co teda zítra jako první?" may say this many words of its own beside the ask. */
const WHERE_TO_START_OTHER_TERMS = 2;

/** The terms of a follow-up with those of the question it follows (weighing less). */
export function withContext(
  terms: string[],
  earlier: string,
  language: Language,
  trades: readonly Trade[],
): WeightedTerms {
  const query: WeightedTerms = new Map(terms.map((term) => [term, 1]));
  for (const term of intentTerms(withoutSlots(earlier, trades), language)) {
    if (!query.has(term)) query.set(term, CONTEXT_WEIGHT);
  }
  return query;
}

/**
 * "Co mám teda zítra udělat jako první?": where to start with the answer before. Only when it
 * says little else: "Dostal jsem dopis z finančáku, co teď?" is a new question.
 */
export function asksWhereToStart(
  message: string,
  language: Language,
  templates: Record<Language, Templates>,
): boolean {
  const phrases = templates[language].followUp.whereToStart;
  const text = normalizeWords(message);
  if (!phrases.some((phrase) => text.includes(` ${phrase} `))) return false;
  const theirs = termSet(phrases, language);
  const asking = askingTerms(language);
  const rest = intentTerms(message, language).filter((t) => !theirs.has(t) && !asking.has(t));
  return rest.length <= WHERE_TO_START_OTHER_TERMS;
}

/** A message that only continues the question before it: it starts so, or says little. */
export function continues(
  message: string,
  terms: string[],
  language: Language,
  templates: Record<Language, Templates>,
): boolean {
  const starts = templates[language].followUp.starts.map(fold);
  const text = normalizeWords(message);
  return terms.length <= FOLLOW_UP_TERMS || starts.some((start) => text.startsWith(` ${start} `));
}

/** A message that names a trade or an amount and otherwise only the words that introduce it. */
export function onlySlots(
  message: string,
  own: string,
  language: Language,
  parts: { trades: readonly Trade[]; templates: Record<Language, Templates> },
): boolean {
  const found = slotsIn(message, parts.trades);
  if (!found.trade && found.price === undefined && found.turnover === undefined) return false;
  const slotWords = new Set(
    analyzer(language).terms(parts.templates[language].followUp.slotWords.join(' ')),
  );
  return analyzer(language)
    .terms(own)
    .every((term) => slotWords.has(term));
}
