import type { ChatRequest } from '@partak/domain/api/chat';
import { crisisReply, type CrisisFile } from '@partak/domain/crisis';
import { shorten } from '@partak/domain/chat';
import type { Figures } from '@partak/domain/figures';
import { LANGUAGE_LOCALES, type Language } from '@partak/domain/languages';
import type {
  CalculatorCard,
  Helpline,
  MentorEvent,
  MentorSource,
  SuggestedGoal,
} from '@partak/domain/mentor-events';
import type { GroupedIntent } from './answers/answer-base.ts';
import { calculatorCard } from './answers/calculator-input.ts';
import { renderAnswer, type SlotValues } from './answers/render.ts';
import type { LibraryText } from './library/library-texts.ts';
import { normalizeWords } from '@partak/domain/words';
import { fold } from './library/text.ts';
import { suggestedGoal, type ArticleHit, type LibraryIndex } from './library/search-index.ts';
import type { Summaries } from './library/summaries.ts';
import type { Mentor } from './mentor.ts';
import { fill, pick, type Templates } from './templates.ts';
import type { Understander, Understanding } from './understanding.ts';

/** A reply before it is streamed. */
interface Composed {
  text: string;
  sources?: MentorSource[];
  goal?: SuggestedGoal;
  choices?: string[];
  helplines?: Helpline[];
  calculator?: CalculatorCard;
}

export interface LibraryMentorParts {
  understander: Understander;
  /** The reply to a person in crisis and the lines to call, per language (crisis.json). */
  crisis: CrisisFile;
  library: LibraryIndex;
  summaries: Summaries;
  templates: Record<Language, Templates>;
  figures: Figures;
}

const link = (text: LibraryText) => `[${text.title}](${text.url})`;

/**
 * The mentor that needs no AI service. It answers the question with the answer base's written
 * answer for it — filled with what the person said about their case, linking the articles that
 * go deeper, with a step for today and a question back, or asking for the one thing it needs
 * (their trade, with choices to tap) — and when the base has no answer but the library does, says
 * in its own words what the library's articles answer. A vague message gets one clarifying
 * question with choices; what is outside its field, or unreadable, an honest reply with what it
 * does know and no sources; a person in crisis the helplines, before anything else.
 */
export function libraryMentor(parts: LibraryMentorParts): Mentor {
  const { library, summaries, templates, figures } = parts;

  const render = (text: string, language: Language, slots: SlotValues = {}) =>
    renderAnswer(text, { figures, language, slots });

  /** "Poradit ti umím třeba s tím, jak …": three of the topics the mentor covers. */
  function offer(question: string, language: Language): string {
    const t = templates[language];
    const first = t.noMatch.topics.indexOf(pick(t.noMatch.topics, question));
    const topics = [0, 1, 2].map(
      (i) => t.noMatch.topics[(first + i) % t.noMatch.topics.length] ?? '',
    );
    const list = new Intl.ListFormat(LANGUAGE_LOCALES[language], { type: 'disjunction' });
    return fill(t.noMatch.offer, { topics: list.format(topics) });
  }

  /** "Víc najdeš v článku [X](…)": the article that goes deeper, as a link. */
  const deeper = (text: LibraryText, language: Language) =>
    fill(templates[language].deeper, { link: link(text) });

  function written(
    intent: GroupedIntent,
    slots: SlotValues,
    language: Language,
    question: string,
    missing?: string,
  ): Composed {
    const t = templates[language];
    const own = intent[language];
    if (intent.type === 'clarify')
      return { text: render(own.answer, language), choices: own.choices };
    if (intent.type === 'outOfScope') {
      return { text: [render(own.answer, language), offer(own.answer, language)].join('\n\n') };
    }
    const articles = library.articles(intent.articles, language);
    const closing = missing && own.askSlot ? own.askSlot : own.question;
    // The question asks for a calculator's numbers: a card after the text, and a line that
    // points to it (and says where its numbers came from).
    const card = intent.calculator ? calculatorCard(intent.calculator, question) : undefined;
    const cardLine = slots.fromProfile ? t.calculatorCard.profile : t.calculatorCard.plain;
    const text = [
      render(own.answer, language, slots),
      ...(card ? [cardLine] : []),
      // The best article inline; all of them follow as sources.
      ...(articles[0] ? [deeper(articles[0], language)] : []),
      ...(own.today ? [`**${t.today}** ${sentence(render(own.today, language, slots))}`] : []),
      ...(closing ? [render(closing, language, slots)] : []),
    ].join('\n\n');
    return {
      text,
      sources: articles.map((article) => ({ url: article.url, title: article.title })),
      goal: suggestedGoal(articles[0]),
      choices: missing === 'trade' ? t.tradeChoices : undefined,
      calculator: card,
    };
  }

  /** "Co mám udělat jako první?" after an answer: its step for today, and its question back. */
  function firstStep(intent: GroupedIntent, slots: SlotValues, language: Language): Composed {
    const t = templates[language];
    const own = intent[language];
    const step = own.today ? sentence(render(own.today, language, slots)) : undefined;
    if (!step) return written(intent, slots, language, '');
    return {
      text: [
        fill(t.followUp.stepReply, { step }),
        ...(own.question ? [render(own.question, language, slots)] : []),
      ].join('\n\n'),
    };
  }

  /** What the library's articles answer, in the mentor's own sentences (summaries.json). */
  function fromLibrary(hits: ArticleHit[], question: string, language: Language): Composed {
    const t = templates[language];
    const said = hits.slice(0, 2).map((hit) => ({
      hit,
      summary:
        summaries.of(hit.text.articleId, hit.paragraphs[0] ?? 0, language) ??
        shorten(hit.text.preview, 280),
    }));
    const [top, second] = said;
    const category = (top?.hit.text.categoryId ?? 'podnikani') as keyof Templates['nextStep'];
    const goal = suggestedGoal(top?.hit.text);
    const step = goal
      ? fill(t.firstStep, { title: top?.hit.text.title ?? '', step: firstStepOf(top?.hit) })
      : pick(t.nextStep[category], question);
    const text = [
      top ? `${top.summary} ${deeper(top.hit.text, language)}` : '',
      ...(second ? [`${second.summary} (${link(second.hit.text)})`] : []),
      `**${t.today}** ${step}`,
      ...[professionalNote(question, category, t)].filter((note) => note !== undefined),
      pick(t.question[category], question),
    ].join('\n\n');
    return {
      text,
      sources: said.map(({ hit }) => ({ url: hit.text.url, title: hit.text.title })),
      goal,
    };
  }

  function compose(understanding: Understanding, request: ChatRequest): Composed {
    const { language } = request;
    const t = templates[language];
    const question = request.messages.findLast((message) => message.role === 'user')?.content ?? '';
    switch (understanding.kind) {
      case 'crisis':
        return {
          text: crisisReply(parts.crisis[language], understanding.about),
          helplines: parts.crisis[language].helplines,
        };
      case 'smallTalk':
        return { text: understanding.text };
      case 'intent':
        if (understanding.step)
          return firstStep(understanding.intent, understanding.slots, language);
        return written(
          understanding.intent,
          understanding.slots,
          language,
          question,
          understanding.missing,
        );
      case 'library':
        return fromLibrary(understanding.hits, question, language);
      case 'nonsense':
        return { text: [t.nonsense, offer(question, language)].join('\n\n') };
      case 'unknown':
        return {
          text: [t.noMatch.text, offer(question, language), t.noMatch.question].join('\n\n'),
        };
    }
  }

  return {
    async *reply(request: ChatRequest) {
      // The library mentor's reply never leaves our server but as the user's own answer: it may
      // be filled from their profile.
      const understanding = parts.understander.understand(request, { useProfile: true });
      const reply = compose(understanding, request);
      if (reply.helplines) yield { type: 'crisis', helplines: reply.helplines };
      yield* pieces(reply.text);
      for (const source of reply.sources ?? []) yield { type: 'source', source };
      if (reply.goal) yield { type: 'goal', goal: reply.goal };
      if (reply.choices) yield { type: 'choices', choices: reply.choices };
      if (reply.calculator) yield { type: 'calculator', calculator: reply.calculator };
      yield { type: 'done', mentor: 'library' };
    },
  };
}

/** Who decides the person's case, when the question is about health, law or taxes. */
function professionalNote(question: string, category: string, t: Templates): string | undefined {
  const asked = normalizeWords(question);
  const mentions = (phrases: readonly string[]) =>
    phrases.some((phrase) => asked.includes(` ${fold(phrase)}`));
  if (mentions(t.professionalPhrases.health)) return t.professional.health;
  if (mentions(t.professionalPhrases.legal)) return t.professional.legal;
  if (category === 'penize-dane-urady' || mentions(t.professionalPhrases.tax)) {
    return t.professional.tax;
  }
  return undefined;
}

/** A step written without its full stop gets one. */
const sentence = (text: string) => (/[.!?…)]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** An article checklist's first step, long enough to stand on its own. */
function firstStepOf(hit: ArticleHit | undefined): string {
  const step = (hit?.text.steps[0] ?? '').replace(/^\d+\.\s+/, '');
  return shorten(step, 200);
}

/** The reply's text in pieces, as a model would stream it, so every reply renders the same way. */
function* pieces(text: string): Generator<MentorEvent> {
  for (const part of text.split(/(?<=\n\n)/)) yield { type: 'text', text: part };
}
