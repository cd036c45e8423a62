import { SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';
import { normalizeWords, withinOneEdit } from '@partak/domain/words';
import type { Intent } from './answer-schema.ts';
import { sharedStem } from './intent-terms.ts';
import {
  buildLanguageIndex,
  type LanguageIndex,
  type Phrasing,
  type Synonyms,
} from './language-index.ts';

export type { Synonyms } from './language-index.ts';

/** A query's terms, each with its weight (the message's own words 1, earlier context less). */
export type WeightedTerms = Map<string, number>;

/** An intent a message may mean, and how well the closest way of asking it fits (0–1). */
export interface IntentMatch {
  intent: Intent;
  score: number;
  /** The query's own terms (weight 1) the intent is asked or answered with. */
  met: string[];
}

/** How much a near match counts against an exact one. */
const PREFIX_WEIGHT = 0.7;
const TYPO_WEIGHT = 0.75;
const SHARED_STEM_WEIGHT = 0.8;
const SYNONYM_WEIGHT = 0.7;
/**
 * How the query's coverage and the phrasing's coverage are combined: a weighted harmonic mean
 * that leans on the query (what the person asked must be there; a phrasing with one extra word
 * is fine).
 */
const QUERY_LEAN = 0.6;
/** How the two views of a match are mixed: the intent's words as a whole, its closest phrasing. */
const PROFILE_SHARE = 0.6;
/** Laplace smoothing of the naive Bayes view. */
const SMOOTHING = 0.5;
/** How much the naive Bayes view can take off an intent it finds unlikely. */
const BAYES_SHARE = 0.4;

/**
 * The answer base's phrasings, indexed per language so a message finds the intent it means. A
 * message's terms meet the base's exactly, as a prefix (Czech endings: "zákazník" /
 * "zákazníkům"), by a shared root, one typo away, or through a synonym; an intent scores by how
 * much of the message its words cover (rare terms weigh more), how well its closest phrasing
 * fits, and how likely a naive Bayes view finds the message's words for it (ADR 020). A new way
 * of asking needs only a new phrasing.
 */
export class IntentIndex {
  readonly intents: Intent[];
  private readonly languages = new Map<Language, LanguageIndex>();
  /** Every phrasing as words ("poraď mi" → "porad mi"), per language, to the intent it asks. */
  private readonly verbatim = new Map<string, Intent>();
  private readonly near = new Map<string, Map<string, number>>();

  constructor(intents: Intent[], synonyms: Synonyms = {}) {
    this.intents = intents;
    for (const language of SUPPORTED_LANGUAGES) {
      for (const intent of intents) {
        for (const text of intent[language].phrasings) {
          this.verbatim.set(`${language}:${normalizeWords(text).trim()}`, intent);
        }
      }
      this.languages.set(language, buildLanguageIndex(intents, language, synonyms[language]));
    }
  }

  /** The index's terms a query term meets, each with how much the meeting counts. */
  private meets(term: string, language: Language, index: LanguageIndex): Map<string, number> {
    const key = `${language}:${term}`;
    const cached = this.near.get(key);
    if (cached) return cached;
    const found = new Map<string, number>();
    if (index.idf.has(term)) found.set(term, 1);
    for (const candidate of index.buckets.get(term.slice(0, 2)) ?? []) {
      if (candidate === term) continue;
      const [short, long] = candidate.length < term.length ? [candidate, term] : [term, candidate];
      if (short.length >= 4 && long.startsWith(short) && short.length / long.length >= 0.6) {
        found.set(candidate, Math.max(found.get(candidate) ?? 0, PREFIX_WEIGHT));
      } else if (sharedStem(term, candidate)) {
        found.set(candidate, Math.max(found.get(candidate) ?? 0, SHARED_STEM_WEIGHT));
      } else if (term.length >= 5 && withinOneEdit(term, candidate)) {
        found.set(candidate, Math.max(found.get(candidate) ?? 0, TYPO_WEIGHT));
      }
    }
    for (const [met, weight] of [...found]) {
      for (const synonym of index.synonyms.get(met) ?? []) {
        if (!found.has(synonym)) found.set(synonym, weight * SYNONYM_WEIGHT);
      }
    }
    if (this.near.size > 50_000) this.near.clear();
    this.near.set(key, found);
    return found;
  }

  /** The intents a query may mean in `language`, best first, each scored 0–1. */
  match(query: WeightedTerms, language: Language): IntentMatch[] {
    const index = this.languages.get(language);
    if (!index || query.size === 0) return [];
    const asked = [...query].map(([term, weight]) => {
      const meets = this.meets(term, language, index);
      let idf = index.unknownIdf;
      let intentIdf = 0;
      for (const [met, strength] of meets) {
        idf = Math.max(idf, (index.idf.get(met) ?? 0) * strength);
        intentIdf = Math.max(intentIdf, (index.intentIdf.get(met) ?? 0) * strength);
      }
      return {
        term,
        weight,
        meets,
        idf: meets.size > 0 ? idf : index.unknownIdf,
        intentIdf: meets.size > 0 ? intentIdf : index.unknownIdf,
      };
    });
    const nearest = this.nearest(asked, index);
    const likely = this.likelihoods(asked, index);
    const askedTotal = asked.reduce((sum, term) => sum + term.weight * term.intentIdf, 0);
    const scored: IntentMatch[] = [];
    index.profiles.forEach((profile, i) => {
      let covered = 0;
      const met: string[] = [];
      for (const term of asked) {
        let strongest = 0;
        for (const [candidate, strength] of term.meets) {
          const inProfile = profile.get(candidate);
          if (inProfile !== undefined) strongest = Math.max(strongest, strength * inProfile);
        }
        covered += term.weight * term.intentIdf * strongest;
        if (strongest > 0 && term.weight >= 1) met.push(term.term);
      }
      const coverage = askedTotal > 0 ? covered / askedTotal : 0;
      const blended = PROFILE_SHARE * coverage + (1 - PROFILE_SHARE) * (nearest.get(i) ?? 0);
      const score = blended * (1 - BAYES_SHARE + BAYES_SHARE * (likely[i] ?? 0));
      if (score > 0) scored.push({ intent: this.intents[i] as Intent, score, met });
    });
    return scored.sort((a, b) => b.score - a.score);
  }

  /**
   * Per intent, how likely it makes the query's words against the likeliest intent (0–1): a
   * naive Bayes view, which weighs what an intent is never asked with ("paušální" for income tax).
   */
  private likelihoods(
    asked: { weight: number; meets: Map<string, number> }[],
    index: LanguageIndex,
  ): number[] {
    const known = asked.filter((term) => term.meets.size > 0);
    const logs = index.counts.map(({ terms, total }) => {
      let log = 0;
      for (const term of known) {
        let count = 0;
        for (const [met, strength] of term.meets)
          count = Math.max(count, (terms.get(met) ?? 0) * strength);
        log +=
          term.weight * Math.log((count + SMOOTHING) / (total + SMOOTHING * index.vocabularySize));
      }
      return log;
    });
    const best = Math.max(...logs);
    return logs.map((log) => Math.exp(log - best));
  }

  /**
   * Per intent, how well its closest phrasing fits the query (0–1). Only the phrasings that hold
   * a term the query meets are visited (through the postings), so a long message costs what its
   * terms' phrasings do, not the whole base.
   */
  private nearest(
    asked: { weight: number; meets: Map<string, number>; idf: number }[],
    index: LanguageIndex,
  ): Map<number, number> {
    const askedTotal = asked.reduce((sum, term) => sum + term.weight * term.idf, 0);
    const covered = new Map<number, number>();
    // Per phrasing, how strongly each of its terms was met (a term met by two asked terms counts once).
    const hits = new Map<number, Map<string, number>>();
    for (const term of asked) {
      const strongest = new Map<number, number>();
      for (const [candidate, strength] of term.meets) {
        const met = strength * Math.min(1, term.weight);
        for (const phrasing of index.postings.get(candidate) ?? []) {
          strongest.set(phrasing, Math.max(strongest.get(phrasing) ?? 0, strength));
          const hit = hits.get(phrasing) ?? new Map<string, number>();
          hit.set(candidate, Math.max(hit.get(candidate) ?? 0, met));
          hits.set(phrasing, hit);
        }
      }
      for (const [phrasing, strength] of strongest) {
        covered.set(phrasing, (covered.get(phrasing) ?? 0) + term.weight * term.idf * strength);
      }
    }
    const best = new Map<number, number>();
    for (const [p, cover] of covered) {
      const phrasing = index.phrasings[p] as Phrasing;
      let said = 0;
      for (const [candidate, strength] of hits.get(p) ?? []) {
        said += (index.idf.get(candidate) ?? 0) * strength;
      }
      const q = cover / askedTotal;
      const d = said / phrasing.total;
      const score = 1 / (QUERY_LEAN / q + (1 - QUERY_LEAN) / d);
      if (score > (best.get(phrasing.intent) ?? 0)) best.set(phrasing.intent, score);
    }
    return best;
  }

  /**
   * The intent a message asks word for word, as one of its phrasings does ("poraď mi"): no
   * scoring can know better, and short messages are where scoring knows least.
   */
  verbatimMatch(message: string, language: Language): Intent | undefined {
    return this.verbatim.get(`${language}:${normalizeWords(message).trim()}`);
  }
}
