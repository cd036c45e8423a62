import questionWords from '../../../../content/mentor/question-words.json' with { type: 'json' };
import type { Language } from '@partak/domain/languages';
import { analyzer } from '../library/text.ts';

/**
 * Written forms that come apart into letters or halves when split into words, joined first:
 * "s. r. o." and "s.r.o." are "sro", "e-shop" is "eshop".
 */
export function joinAbbreviations(text: string): string {
  return text
    .replace(/(?<![\p{L}\p{N}])s\.?\s?r\.?\s?o\.?(?![\p{L}\p{N}])/giu, 'sro')
    .replace(/(?<![\p{L}\p{N}])e-(shop|mail|book|commerce)/giu, 'e$1');
}

/**
 * The most distinct terms of a message the matcher reads (its first ones), from at most its
 * first HEAD_CHARS characters: a question says what it is about early, and anyone may send 8,000
 * characters, whose every term would be compared with every phrasing.
 */
const MAX_TERMS = 32;
const HEAD_CHARS = 2000;

/**
 * Two terms of one Czech root the stemmer left with different endings ("prokrastinuj",
 * "prokrastinac"): they share at least five letters and three quarters of the shorter one.
 */
export function sharedStem(a: string, b: string): boolean {
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return common >= 5 && common >= 0.75 * Math.min(a.length, b.length);
}

const termSets = new Map<string, Set<string>>();

/** The terms of a list of words (question words, vague words), worked out once per list. */
export function termSet(words: readonly string[], language: Language): Set<string> {
  const key = `${language}:${words.join('|')}`;
  let found = termSets.get(key);
  if (!found) {
    found = new Set(intentTerms(words.join(' '), language));
    termSets.set(key, found);
  }
  return found;
}

/** The terms of `language`'s question words ("kdy", "kolik"): they say how, not what is asked. */
export const askingTerms = (language: Language) =>
  termSet((questionWords as unknown as Record<string, string[]>)[language] ?? [], language);

/** The terms of a text as the matcher reads them: stemmed, folded, question words kept. */
export function intentTerms(text: string, language: Language): string[] {
  const terms = analyzer(language, { questions: true }).terms(
    joinAbbreviations(text.slice(0, HEAD_CHARS)),
  );
  // Numbers say nothing about what is asked ("250 za hodinu"); slots read them.
  return [...new Set(terms.filter((term) => !/^\d+$/.test(term)))].slice(0, MAX_TERMS);
}
