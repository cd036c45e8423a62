/**
 * Today's suggested reading on home: one library article that answers what the user asked
 * lately or works on, with the question or goal it follows from (so the app can say why).
 */
import { foldText } from './chat.ts';

/** What a suggestion may follow from: a recent question, or a goal being worked on. */
export interface SuggestionSource {
  kind: 'question' | 'goal';
  text: string;
}

export interface SuggestionCandidate {
  id: string;
  /** What the article is about: its title and preview. */
  text: string;
}

/** Common words of the four languages that say nothing about a topic. */
const STOPWORDS = new Set(
  (
    'jsem jsme jste jaky jaka jake jakou ktery ktera ktere kdyz proc nebo abych bych mohl mohla ' +
    'muzu mam mame svoje moje tento tato tohle toto jeste taky take neco nejak kolik dnes ' +
    'what when where which with have does should would could about this that your from into ' +
    'wie was wann welche mein meine ich habe kann soll sollte eine einen einem fur mit ' +
    'como cual cuando donde para porque tengo puedo debo esta este sobre hacer'
  ).split(' '),
);

/**
 * Word stems to compare: folded (no case, no diacritics), words of four letters or more, cut to
 * their first five letters, which is enough to meet Czech inflection ("klientů" and "klienty",
 * "prvních" and "prvního") without a stemmer.
 */
export function topicStems(text: string): Set<string> {
  const words = foldText(text).match(/\p{L}+/gu) ?? [];
  return new Set(
    words
      .filter((word) => word.length >= 4 && !STOPWORDS.has(word))
      .map((word) => word.slice(0, 5)),
  );
}

/**
 * The article that shares the most stems with the first source (in the given order, most
 * relevant first) that any article matches at all; articles in `exclude` (read already) are
 * skipped. Nothing when no source meets any article.
 */
export function suggestArticle(
  sources: readonly SuggestionSource[],
  candidates: readonly SuggestionCandidate[],
  exclude: ReadonlySet<string> = new Set(),
): { id: string; because: SuggestionSource } | undefined {
  const articles = candidates
    .filter((candidate) => !exclude.has(candidate.id))
    .map((candidate) => ({ id: candidate.id, stems: topicStems(candidate.text) }));
  for (const source of sources) {
    const wanted = topicStems(source.text);
    let best: { id: string; score: number } | undefined;
    for (const article of articles) {
      let score = 0;
      for (const stem of wanted) if (article.stems.has(stem)) score += 1;
      if (score > 0 && score > (best?.score ?? 0)) best = { id: article.id, score };
    }
    if (best) return { id: best.id, because: source };
  }
  return undefined;
}
