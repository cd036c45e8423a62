import MiniSearch, { type SearchResult } from 'minisearch';
import type { ChatRequest } from '@partak/domain/api/chat';
import { GOAL_MILESTONES_MAX, GOAL_TITLE_MAX_LENGTH } from '@partak/domain/goals';
import type { Language } from '@partak/domain/languages';
import type { SuggestedGoal } from '@partak/domain/mentor-events';
import { analyzer } from './text.ts';
import type { LibraryText } from './library-texts.ts';

/** Words that mean the same to a founder, per language (content/mentor/synonyms.json). */
export type Synonyms = Partial<Record<Language, string[][]>>;

/** An article that answers the question, with its best paragraphs in the asker's language. */
export interface ArticleHit {
  text: LibraryText;
  score: number;
  /** Its (at most two) paragraphs that answer the question best, best first. */
  passages: string[];
  /** Where those paragraphs are in the article (their indexes), in the same order. */
  paragraphs: number[];
  /** The share of the question's own terms the article answers (0–1). */
  coverage: number;
  /** How many of the question's own terms it answers. */
  matched: number;
  /** Whether its title, preview or keywords hold one of them: the article is about the question. */
  about: boolean;
}

/**
 * The goal a reply offers: the best article's checklist, when it has one. Another article's list
 * would answer a different question.
 */
export function suggestedGoal(text: LibraryText | undefined): SuggestedGoal | undefined {
  const steps = text?.steps.length ?? 0;
  if (!text || steps === 0) return undefined;
  return {
    title: text.title.slice(0, GOAL_TITLE_MAX_LENGTH),
    steps: Math.min(steps, GOAL_MILESTONES_MAX),
  };
}

interface Doc {
  id: number;
  text: LibraryText;
  /** -1 for the article's head (title, preview, keywords); else the paragraph's index. */
  paragraph: number;
  fields: { head: string; body: string };
}

/**
 * How sure a match must be before the mentor names an article: its score, and the share of the
 * question's terms it answers. Tuned on the labelled questions (server/test/mentor-questions.ts)
 * so that covered questions find their articles and questions the library has nothing on find none.
 */
const MIN_SCORE = 6;
const MIN_COVERAGE = 0.6;
/** Czech text answers a question asked in another language too, at this weight. */
const CZECH_FOR_OTHERS = 0.6;
const SYNONYM_WEIGHT = 0.5;
const RELATIVE_TO_BEST = 0.35;
/**
 * The most distinct terms of a question the search looks at (its first ones). Fuzzy and prefix
 * matching cost grows with every term, and anyone may send 8,000 characters: uncapped, one such
 * question held the server for a third of a second. A real question has a dozen terms.
 */
const MAX_QUERY_TERMS = 32;

/** Where a question's first MAX_QUERY_TERMS terms are sure to be (about 300 words). */
const QUERY_HEAD_CHARS = 2000;

/** The distinct search terms of a question, capped (MAX_QUERY_TERMS). */
export function questionTerms(question: string, language: Language): string[] {
  const terms = analyzer(language).terms(question.slice(0, QUERY_HEAD_CHARS));
  return [...new Set(terms)].slice(0, MAX_QUERY_TERMS);
}

/**
 * A full-text index over every paragraph of the library, in each language it exists in, built
 * once at start. Terms are stemmed and folded (text.ts), a term of four letters or more also
 * matches longer words it begins (zákazník → zákazníkům), long terms forgive one typo, and titles
 * and keywords weigh three times a paragraph.
 */
export class LibraryIndex {
  private readonly search: MiniSearch<Doc>;
  private readonly docs: Doc[] = [];
  private readonly synonyms: Map<Language, string[][]>;
  private readonly byId = new Map<string, LibraryText>();

  constructor(texts: readonly LibraryText[], synonyms: Synonyms = {}) {
    for (const text of texts) {
      this.byId.set(`${text.language}:${text.articleId}`, text);
      const terms = (value: string) => analyzer(text.language).terms(value).join(' ');
      this.docs.push({
        id: this.docs.length,
        text,
        paragraph: -1,
        fields: {
          head: terms(`${text.title} ${text.preview} ${text.keywords.join(' ')}`),
          body: '',
        },
      });
      text.paragraphs.forEach((paragraph, index) => {
        this.docs.push({
          id: this.docs.length,
          text,
          paragraph: index,
          fields: { head: '', body: terms(paragraph) },
        });
      });
    }
    this.search = new MiniSearch<Doc>({
      fields: ['head', 'body'],
      extractField: (doc, field) => (field === 'id' ? String(doc.id) : doc.fields[field as 'head']),
      tokenize: (text) => text.split(' ').filter(Boolean),
      processTerm: (term) => term,
      searchOptions: { boost: { head: 3 } },
    });
    this.search.addAll(this.docs);
    this.synonyms = new Map(
      (Object.entries(synonyms) as [Language, string[][]][]).map(([language, groups]) => [
        language,
        groups.map((group) => group.map((words) => analyzer(language).terms(words).join(' '))),
      ]),
    );
  }

  /** An article in `language`, or in Czech where it has no translation. */
  article(articleId: string, language: Language): LibraryText | undefined {
    return this.byId.get(`${language}:${articleId}`) ?? this.byId.get(`cs:${articleId}`);
  }

  /** The articles an answer links (`category/article`), in `language` where they exist. */
  articles(paths: readonly string[] = [], language: Language): LibraryText[] {
    return paths
      .map((path) => this.article(path.split('/')[1] ?? '', language))
      .filter((text) => text !== undefined);
  }

  /** The question's terms in `language`, and those its synonyms add (weighed less). */
  private queryTerms(question: string, language: Language): Map<string, number> {
    const own = questionTerms(question, language);
    const weights = new Map(own.map((term) => [term, 1]));
    const joined = ` ${own.join(' ')} `;
    for (const group of this.synonyms.get(language) ?? []) {
      if (!group.some((member) => member && joined.includes(` ${member} `))) continue;
      for (const member of group) {
        for (const term of member.split(' ')) {
          if (!weights.has(term)) weights.set(term, SYNONYM_WEIGHT);
        }
      }
    }
    return weights;
  }

  private searchIn(language: Language, question: string, weight: number): SearchResult[] {
    const weights = this.queryTerms(question, language);
    if (weights.size === 0) return [];
    return this.search
      .search([...weights.keys()].join(' '), {
        prefix: (term) => term.length >= 4,
        fuzzy: (term) => (term.length >= 6 ? 1 : false),
        boostTerm: (term) => weights.get(term) ?? 1,
        filter: (result) => this.docs[Number(result.id)]?.text.language === language,
      })
      .map((result) => ({ ...result, score: result.score * weight }));
  }

  /**
   * The articles that answer the conversation's last question. A short follow-up ("a jak dlouho
   * na to mám?") is read together with the user's question before it; so is a question the
   * library finds nothing for on its own.
   */
  answering(messages: ChatRequest['messages'], language: Language): ArticleHit[] {
    const asked = messages.filter((message) => message.role === 'user');
    const question = asked.at(-1)?.content ?? '';
    const previous = asked.at(-2)?.content;
    if (!previous) return this.find(question, language);
    const withPrevious = `${question} ${previous}`;
    if (questionTerms(question, language).length <= 2) return this.find(withPrevious, language);
    const hits = this.find(question, language);
    return hits.length > 0 ? hits : this.find(withPrevious, language);
  }

  /**
   * The articles that answer `question`, best first; none when the library has nothing on it.
   * Passages come from the text in the asker's language where it exists, else from the Czech.
   */
  find(question: string, language: Language, limit = 3): ArticleHit[] {
    const own = questionTerms(question, language);
    if (own.length === 0) return [];
    const results = [
      ...this.searchIn(language, question, 1),
      ...(language === 'cs' ? [] : this.searchIn('cs', question, CZECH_FOR_OTHERS)),
    ];
    const byArticle = new Map<string, { hits: { doc: Doc; result: SearchResult }[] }>();
    for (const result of results) {
      const doc = this.docs[Number(result.id)];
      if (!doc) continue;
      const entry = byArticle.get(doc.text.articleId) ?? { hits: [] };
      entry.hits.push({ doc, result });
      byArticle.set(doc.text.articleId, entry);
    }
    const ownTerms = new Set(own);
    const ranked: ArticleHit[] = [];
    for (const { hits } of byArticle.values()) {
      const scores = hits.map((hit) => hit.result.score).sort((a, b) => b - a);
      const score = (scores[0] ?? 0) + 0.5 * (scores[1] ?? 0) + 0.25 * (scores[2] ?? 0);
      const matched = new Set(
        hits.flatMap((hit) => hit.result.queryTerms).filter((term) => ownTerms.has(term)),
      );
      const coverage = matched.size / ownTerms.size;
      if (score < MIN_SCORE || coverage < MIN_COVERAGE) continue;
      const preferred = hits.some((hit) => hit.doc.text.language === language) ? language : 'cs';
      const best = hits
        .filter((hit) => hit.doc.paragraph >= 0 && hit.doc.text.language === preferred)
        .sort((a, b) => b.result.score - a.result.score)
        .slice(0, 2);
      const passages = best.map((hit) => hit.doc.text.paragraphs[hit.doc.paragraph] ?? '');
      const paragraphs = best.map((hit) => hit.doc.paragraph);
      const text =
        hits.find((hit) => hit.doc.text.language === language)?.doc.text ??
        (hits[0] as { doc: Doc }).doc.text;
      const about = hits.some((hit) => hit.doc.paragraph < 0);
      ranked.push({ text, score, passages, paragraphs, coverage, matched: matched.size, about });
    }
    ranked.sort((a, b) => b.score - a.score);
    // Only articles in the league of the best one: a weak third match is noise, not a source.
    const best = ranked[0]?.score ?? 0;
    return ranked.filter((hit) => hit.score >= best * RELATIVE_TO_BEST).slice(0, limit);
  }
}
