import type { ChatRequest } from '@partak/domain/api/chat';
import { shorten } from '@partak/domain/chat';
import { LANGUAGE_LOCALES, type Language } from '@partak/domain/languages';
import type { MentorEvent, MentorSource, SuggestedGoal } from '@partak/domain/mentor-events';
import type { Mentor } from '../mentor.ts';
import { fill, pick, type Templates } from '../templates.ts';
import { analyzer, fold } from './text.ts';
import {
  questionTerms,
  suggestedGoal,
  type ArticleHit,
  type LibraryIndex,
} from './search-index.ts';

/** The longest quote a key point takes from an article. */
const QUOTE_MAX = 280;

/**
 * The folded text padded with spaces, so a phrase check can ask for whole words; apostrophes
 * vanish rather than split a word ("can't" reads "cant").
 */
const padded = (text: string) =>
  ` ${fold(text)
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')} `;

/** True when any phrase appears at a word start (phrases are folded prefixes: "sebevrazd"). */
const mentions = (text: string, phrases: readonly string[]) =>
  phrases.some((phrase) => text.includes(` ${fold(phrase)}`));

/** The sentences of a paragraph (a numbered step is one sentence). */
function sentences(paragraph: string): string[] {
  return paragraph
    .replace(/^\d+\.\s+/, '')
    .split(/(?<=[.!?…])\s+(?=[„"«¿¡\p{Lu}\d])/u)
    .filter((sentence) => sentence.trim() !== '');
}

/** A step or sentence long enough to stand on its own: the short label before it is kept. */
function firstSentences(text: string, min = 60): string {
  const all = sentences(text);
  let out = all[0] ?? text;
  for (const next of all.slice(1)) {
    if (out.length >= min) break;
    out = `${out} ${next}`;
  }
  return out;
}

/**
 * The key point quoted from the library: the sentence of the article's best passages that says
 * most about the question and about what the article is about (its keywords), so a line of
 * advice wins over a line of a story that merely shares a word.
 */
function keyPoint(hit: ArticleHit, question: string): string {
  const analyze = analyzer(hit.text.language);
  const asked = new Set(questionTerms(question, hit.text.language));
  const topic = new Set(analyze.terms(hit.text.keywords.join(' ')));
  let best = { text: hit.text.preview, score: 0 };
  for (const passage of hit.passages) {
    const all = sentences(passage);
    all.forEach((sentence, i) => {
      const terms = new Set(analyze.terms(sentence));
      const overlap = (set: Set<string>) => [...terms].filter((term) => set.has(term)).length;
      const score = 2 * overlap(asked) + overlap(topic) - (sentence.length < 40 ? 1 : 0);
      if (score > best.score) {
        const next = all[i + 1];
        best = { text: sentence.length < 90 && next ? `${sentence} ${next}` : sentence, score };
      }
    });
  }
  return shorten(best.text, QUOTE_MAX);
}

interface Composed {
  text: string;
  sources: MentorSource[];
  goal?: SuggestedGoal;
}

/** A reply in the mentor's voice (shared/reference/mentor-voice.md) around what the library says. */
function compose(question: string, hits: ArticleHit[], t: Templates): Composed {
  const top = hits[0] as ArticleHit;
  const category = top.text.categoryId as keyof Templates['acknowledge'];
  const [open, close] = t.quote;
  const points = hits.map(
    (hit) => `- ${open}${keyPoint(hit, question)}${close} ([${hit.text.title}](${hit.text.url}))`,
  );
  // The article that answers best may carry a checklist: its first step is today's, the whole
  // list a goal on offer.
  const goal = suggestedGoal(top);
  const step = goal
    ? fill(t.firstStep, {
        title: top.text.title,
        step: shorten(firstSentences(top.text.steps[0] ?? ''), 200),
      })
    : pick(t.nextStep[category], question);
  const asked = padded(question);
  const note = mentions(asked, t.professionalPhrases.health)
    ? t.professional.health
    : mentions(asked, t.professionalPhrases.legal)
      ? t.professional.legal
      : category === 'penize-dane-urady' || mentions(asked, t.professionalPhrases.tax)
        ? t.professional.tax
        : undefined;
  const text = [
    pick(t.acknowledge[category], question),
    points.join('\n'),
    `**${t.today}** ${step}`,
    ...(note ? [note] : []),
    pick(t.question[category], question),
  ].join('\n\n');
  return {
    text,
    sources: hits.map((hit) => ({ url: hit.text.url, title: hit.text.title })),
    goal,
  };
}

/** What the mentor says when the library has nothing: honestly so, and what it can do instead. */
function noMatch(question: string, t: Templates, language: Language): string {
  const first = t.noMatch.topics.indexOf(pick(t.noMatch.topics, question));
  const topics = [0, 1, 2].map(
    (i) => t.noMatch.topics[(first + i) % t.noMatch.topics.length] ?? '',
  );
  const list = new Intl.ListFormat(LANGUAGE_LOCALES[language], { type: 'disjunction' });
  return [
    t.noMatch.text,
    fill(t.noMatch.offer, { topics: list.format(topics) }),
    t.noMatch.question,
  ].join('\n\n');
}

/** A greeting, thanks or goodbye and nothing else: the answer to it, or undefined. */
function smallTalk(question: string, language: Language, t: Templates): string | undefined {
  let rest = padded(question);
  let kind: keyof Templates['smallTalk'] | undefined;
  for (const candidate of ['greeting', 'thanks', 'bye'] as const) {
    // Longer phrases first: "super diky" must go before "diky" leaves "super" behind.
    const phrases = [...t.smallTalk[candidate].phrases].sort((a, b) => b.length - a.length);
    for (const phrase of phrases) {
      const folded = ` ${fold(phrase)} `;
      if (rest.includes(folded)) {
        rest = rest.replace(folded, ' ');
        kind ??= candidate;
      }
    }
  }
  if (!kind || analyzer(language).terms(rest).length > 0) return undefined;
  return pick(t.smallTalk[kind].replies, question);
}

/** The reply's text in pieces, as a model would stream it, so every reply renders the same way. */
function* pieces(text: string): Generator<MentorEvent> {
  for (const part of text.split(/(?<=\n\n)/)) yield { type: 'text', text: part };
}

/**
 * The mentor that needs no AI service: it answers from Parťák's own library. It finds the
 * articles that answer the question (search-index.ts), quotes their key sentences with links,
 * names one next step (the first step of an article's checklist when there is one, which it also
 * offers as a goal) and asks one question back. Small talk gets a short answer, a question the
 * library does not cover an honest "nothing on this yet" with topics it does cover, and a
 * person in crisis the crisis line — never an unrelated article.
 */
export function libraryMentor(index: LibraryIndex, templates: Record<Language, Templates>): Mentor {
  /** What the library has to say to the conversation's last question. */
  function answer({ language, messages }: ChatRequest): Composed {
    const t = templates[language];
    const question = messages.findLast((message) => message.role === 'user')?.content ?? '';
    if (mentions(padded(question), t.crisis.phrases)) return { text: t.crisis.reply, sources: [] };
    const chat = smallTalk(question, language, t);
    if (chat) return { text: chat, sources: [] };
    const hits = index.answering(messages, language);
    if (hits.length === 0) return { text: noMatch(question, t, language), sources: [] };
    return compose(question, hits, t);
  }

  return {
    async *reply(request: ChatRequest) {
      const reply = answer(request);
      yield* pieces(reply.text);
      for (const source of reply.sources) yield { type: 'source', source };
      if (reply.goal) yield { type: 'goal', goal: reply.goal };
      yield { type: 'done', mentor: 'library' };
    },
  };
}
