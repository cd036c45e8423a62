import type { Language } from '@partak/domain/languages';
import type { Intent } from './answer-schema.ts';
import { intentTerms } from './intent-terms.ts';

/** Words that mean the same to a founder, per language (content/mentor/synonyms.json). */
export type Synonyms = Partial<Record<Language, string[][]>>;

/** A term of an intent's written answer counts this much against one of its phrasings. */
const ANSWER_TERM_WEIGHT = 0.25;
/** A word of an intent's written answer counts as this many phrasings saying it. */
const ANSWER_TERM_COUNT = 0.3;
/** The weight of an unknown word of a question, against the heaviest term of the language. */
const UNKNOWN_SHARE = 0.2;

export interface Phrasing {
  intent: number;
  /** Its distinct terms. */
  terms: string[];
  /** The sum of its terms' weights. */
  total: number;
}

export interface LanguageIndex {
  phrasings: Phrasing[];
  /** For each term, the phrasings that hold it. */
  postings: Map<string, number[]>;
  /**
   * Per intent, every term it is asked with (weight 1) or answers with (ANSWER_TERM_WEIGHT): a
   * question that mixes the words of two ways of asking still finds its intent.
   */
  profiles: Map<string, number>[];
  /** How telling each term is across intents (a term of few intents is heavy). */
  intentIdf: Map<string, number>;
  /** Per intent, how often it is asked with each term, and in all (for the naive Bayes view). */
  counts: { terms: Map<string, number>; total: number }[];
  /** The language's number of distinct terms. */
  vocabularySize: number;
  /** How telling each term is: rare across the phrasings of the language, heavy. */
  idf: Map<string, number>;
  /** The weight an unknown word of a question gets: it is asked, but nothing here says it. */
  unknownIdf: number;
  /** Terms by their first two letters, for the near matches of a term. */
  buckets: Map<string, string[]>;
  /** Synonym terms of each term. */
  synonyms: Map<string, Set<string>>;
}

/** Each phrasing of the language as its terms, and how many phrasings hold each term. */
function phrasingsOf(intents: readonly Intent[], language: Language) {
  const phrasings: Phrasing[] = [];
  const df = new Map<string, number>();
  intents.forEach((intent, index) => {
    for (const text of intent[language].phrasings) {
      const terms = intentTerms(text, language);
      if (terms.length === 0) continue;
      phrasings.push({ intent: index, terms, total: 0 });
      for (const term of terms) df.set(term, (df.get(term) ?? 0) + 1);
    }
  });
  const postings = new Map<string, number[]>();
  phrasings.forEach((phrasing, p) => {
    for (const term of phrasing.terms) postings.set(term, [...(postings.get(term) ?? []), p]);
  });
  const idf = new Map(
    [...df].map(([term, count]) => [term, Math.log(1 + phrasings.length / count)]),
  );
  return { phrasings, postings, idf };
}

/**
 * Per intent, every term it is asked with (by how many of its phrasings share it) or answered
 * with, and how telling each term is across intents.
 */
function profilesOf(intents: readonly Intent[], language: Language) {
  const profiles = intents.map((intent) => {
    const profile = new Map<string, number>();
    for (const term of intentTerms(intent[language].answer, language)) {
      profile.set(term, ANSWER_TERM_WEIGHT);
    }
    // A term most ways of asking share is what the intent is about; one phrasing's odd word
    // counts, but less.
    const asked = intent[language].phrasings.map((text) => intentTerms(text, language));
    const counts = new Map<string, number>();
    for (const terms of asked)
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, count] of counts) {
      const share = count / asked.length;
      profile.set(term, Math.max(profile.get(term) ?? 0, 0.4 + 0.6 * Math.min(1, 2 * share)));
    }
    return profile;
  });
  // How many intents are asked with a term (their answers' words aside: an answer may mention
  // paušál without being about it).
  const intentDf = new Map<string, number>();
  for (const profile of profiles) {
    for (const [term, weight] of profile) {
      if (weight > ANSWER_TERM_WEIGHT) intentDf.set(term, (intentDf.get(term) ?? 0) + 1);
    }
  }
  const intentIdf = new Map(
    profiles
      .flatMap((profile) => [...profile.keys()])
      .map((term) => [term, Math.log(1 + intents.length / (intentDf.get(term) ?? 1))]),
  );
  return { profiles, intentIdf };
}

/** Per intent, how often it is asked (or answered) with each term, for the naive Bayes view. */
function countsOf(intents: readonly Intent[], language: Language) {
  return intents.map((intent) => {
    const terms = new Map<string, number>();
    for (const term of intentTerms(intent[language].answer, language)) {
      terms.set(term, ANSWER_TERM_COUNT);
    }
    for (const text of intent[language].phrasings) {
      for (const term of intentTerms(text, language)) terms.set(term, (terms.get(term) ?? 0) + 1);
    }
    return { terms, total: [...terms.values()].reduce((sum, count) => sum + count, 0) };
  });
}

/** Each term's synonyms' terms (a group's words are each other's synonyms). */
function synonymsOf(groups: string[][] | undefined, language: Language) {
  const found = new Map<string, Set<string>>();
  for (const group of groups ?? []) {
    const terms = group.flatMap((words) => intentTerms(words, language));
    for (const term of terms) {
      const set = found.get(term) ?? new Set();
      for (const other of terms) if (other !== term) set.add(other);
      found.set(term, set);
    }
  }
  return found;
}

/** One language's index of the answer base: phrasings, intents' profiles, counts, synonyms. */
export function buildLanguageIndex(
  intents: readonly Intent[],
  language: Language,
  synonyms?: string[][],
): LanguageIndex {
  const { phrasings, postings, idf } = phrasingsOf(intents, language);
  const { profiles, intentIdf } = profilesOf(intents, language);
  for (const term of intentIdf.keys()) if (!idf.has(term)) idf.set(term, 0);
  for (const phrasing of phrasings) {
    phrasing.total = phrasing.terms.reduce((sum, term) => sum + (idf.get(term) ?? 0), 0);
  }
  const buckets = new Map<string, string[]>();
  for (const term of idf.keys()) {
    const key = term.slice(0, 2);
    buckets.set(key, [...(buckets.get(key) ?? []), term]);
  }
  return {
    phrasings,
    postings,
    profiles,
    counts: countsOf(intents, language),
    vocabularySize: intentIdf.size,
    intentIdf,
    idf,
    unknownIdf: UNKNOWN_SHARE * Math.max(0, ...idf.values()),
    buckets,
    synonyms: synonymsOf(synonyms, language),
  };
}
