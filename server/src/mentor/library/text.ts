import snowball from 'snowball-stemmers';
import stopwords from 'stopwords-iso/stopwords-iso.json' with { type: 'json' };
import intentStopwords from '../../../../content/mentor/intent-stopwords.json' with { type: 'json' };
import questionWords from '../../../../content/mentor/question-words.json' with { type: 'json' };
import extraStopwords from '../../../../content/mentor/stopwords.json' with { type: 'json' };
import { foldText } from '@partak/domain/chat';
import type { Language } from '@partak/domain/languages';

/** Snowball's algorithm for each interface language (Czech: Dolamic's, as Snowball ships it). */
const ALGORITHMS: Record<Language, string> = {
  cs: 'czech',
  en: 'english',
  de: 'german',
  es: 'spanish',
};

/** Lower case without diacritics: `Zákazník` and `zakaznik` are one word to the search. */
export const fold = foldText;

/** The words of a text: runs of letters and digits (so "s.r.o." gives s, r, o). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

interface Analyzer {
  /** The search terms of a text: no stop words, stemmed, then folded. */
  terms(text: string): string[];
}

const analyzers = new Map<string, Analyzer>();

/**
 * Stems already worked out, per language: indexing the answer base and the library at start-up
 * stems the same words thousands of times, and the stemmer is most of the start-up's time.
 * Bounded, so messages full of made-up words cannot grow it without end.
 */
const stems = new Map<Language, Map<string, string>>();
const STEMS_KEPT = 100_000;

function stemmerOf(language: Language): (word: string) => string {
  const stemmer = snowball.newStemmer(ALGORITHMS[language]);
  let known = stems.get(language);
  if (!known) stems.set(language, (known = new Map()));
  const cache = known;
  return (word) => {
    let stem = cache.get(word);
    if (stem === undefined) {
      stem = fold(stemmer.stem(word));
      if (cache.size < STEMS_KEPT) cache.set(word, stem);
    }
    return stem;
  };
}

/**
 * The text analysis of one language (stop words: stopwords-iso, plus the few question words it
 * lacks in content/mentor/stopwords.json), shared by the index and the queries so both see the same
 * terms. Stemming runs on the word with its diacritics (the Czech stemmer needs them) and the
 * result is folded, so a query typed without diacritics meets the same stem wherever the stemmer
 * could strip it; prefix matching in the index covers the rest. With `questions` (the answer
 * base's matcher), only the few function words of content/mentor/intent-stopwords.json go, and
 * the question words of content/mentor/question-words.json stay ("kdy" is not "jak").
 */
export function analyzer(language: Language, { questions = false } = {}): Analyzer {
  const key = `${language}${questions ? '+questions' : ''}`;
  let found = analyzers.get(key);
  if (!found) {
    const stem = stemmerOf(language);
    const kept = new Set(
      questions ? (questionWords as unknown as Record<string, string[]>)[language]?.map(fold) : [],
    );
    const lists = questions
      ? [(intentStopwords as unknown as Record<string, string[]>)[language] ?? []]
      : [
          (stopwords as Record<string, string[]>)[language] ?? [],
          (extraStopwords as unknown as Record<string, string[]>)[language] ?? [],
        ];
    const stop = new Set(
      lists
        .flat()
        .map(fold)
        .filter((word) => !kept.has(word)),
    );
    // A word is dropped when it or its stem is a stop word ("jakou" stems to the stop word "jak").
    found = {
      terms: (text) =>
        words(text)
          .filter((word) => word.length > 1 || /\d/.test(word))
          .map((word) => [fold(word), stem(word)] as const)
          .filter(
            ([word, stem]) =>
              !stop.has(word) && (!stop.has(stem) || (questions && word.length < 5)),
          )
          // The Czech stemmer cuts some words to a stub that many words share ("hodinu" → "hod");
          // the answer base reads such a word by its first five letters instead.
          .map(([word, stem]) =>
            questions && stem.length < 4 && word.length > 4 ? word.slice(0, 5) : stem,
          ),
    };
    analyzers.set(key, found);
  }
  return found;
}
