import type { ChatRequest } from '@partak/domain/api/chat';
import type { Language } from '@partak/domain/languages';
import type { Slot } from './answers/answer-schema.ts';
import type { GroupedIntent } from './answers/answer-base.ts';
import type { IntentIndex, WeightedTerms } from './answers/intent-index.ts';
import { askingTerms, intentTerms, termSet } from './answers/intent-terms.ts';
import type { SlotValues } from './answers/render.ts';
import { slotsFrom, tradeWords, withoutSlots, type Trade } from './answers/slots.ts';
import {
  slotsFromProfile,
  withConversation,
  type ProfilePhrases,
} from './answers/profile-slots.ts';
import { statedCase, withStatedCase } from './answers/stated-case.ts';
import { asksWhereToStart, continues, onlySlots, withContext } from './follow-ups.ts';
import type { ArticleHit, LibraryIndex } from './library/search-index.ts';
import type { CrisisConcern, CrisisDetector } from '@partak/domain/crisis';
import { smallTalk } from './small-talk.ts';
import type { Templates } from './templates.ts';
import type { Vocabulary } from './vocabulary.ts';

/** What the mentor made of the conversation's last message. */
export type Understanding =
  /** A person in danger: the writer, or someone the writer is worried about. */
  | { kind: 'crisis'; about: CrisisConcern }
  | { kind: 'smallTalk'; text: string }
  /** An intent of the answer base (a written answer, a clarifying question or an honest "not my field"). */
  | {
      kind: 'intent';
      intent: GroupedIntent;
      slots: SlotValues;
      missing?: Slot;
      /** "Co mám udělat jako první?" after this answer: its step for today is the reply. */
      step?: true;
    }
  /** No intent, but library articles answer it. */
  | { kind: 'library'; hits: ArticleHit[] }
  /** Words the mentor cannot read at all. */
  | { kind: 'nonsense' }
  /** Readable, but nothing the mentor knows answers it. */
  | { kind: 'unknown' };

/**
 * How sure a match must be: an intent is the answer from MATCH_MIN on; a message in another
 * language than the interface's must fit a little better. Tuned on the labelled set
 * (server/test/mentor-eval), not on the answer base's own phrasings.
 */
const MATCH_MIN = 0.25;
const OTHER_LANGUAGE_MIN = 0.6;
/** A question of at least this many words of its own stands without the sentences before it. */
const SELF_CONTAINED_TERMS = 3;
/** In a message of several sentences, those that do not ask weigh this much then. */
const SITUATION_WEIGHT = 0.6;
/** The longest message also read in the other languages. */
const OTHER_LANGUAGE_MAX_CHARS = 600;
/** The words that name the person's trade count this much in what they ask. */
const TRADE_WORD_WEIGHT = 0.3;
/** An intent the previous one names as related gets this much on top. */
const RELATED_BONUS = 0.08;
/** The share of a question's terms an article must answer to be the reply (ADR 009 names 0.6). */
const LIBRARY_COVERAGE = 0.75;
/** A message of at most this many terms that matches nothing gets the clarifying question. */
const SHORT_MESSAGE_TERMS = 4;
/** How far back a conversation is read for the question a follow-up continues. */
const CONTEXT_DEPTH = 3;

export interface UnderstandingParts {
  crisis: CrisisDetector;
  intents: IntentIndex;
  trades: readonly Trade[];
  library: LibraryIndex;
  vocabulary: Vocabulary;
  templates: Record<Language, Templates>;
  /** How the business profile is said in answers (content/mentor/profile-phrases.json). */
  profilePhrases: ProfilePhrases;
}

/** How a conversation is read. */
export interface UnderstandOptions {
  /**
   * Fill the answer's slots from the request's business profile too. Only the library mentor
   * asks for it: the model mentor grounds its prompt on the filled answer, and a model may see
   * the profile only when the user allowed it (`profileForModel`), which its own code decides.
   */
  useProfile?: boolean;
}

/**
 * Reads a conversation the way an experienced friend would: safety first (a person in crisis
 * gets the helplines, whatever else the message says), then small talk, then the question —
 * with what the person said about their case (trade, price, turnover: slots) and with the
 * question before it when this one only continues it ("A kolik to stojí?", "a pro kavárnu?").
 * What the answer base has no intent for goes to the library's articles; what nothing answers
 * gets an honest "not this", and what cannot be read at all a "did you mean…?".
 */
export class Understander {
  private readonly parts: UnderstandingParts;

  constructor(parts: UnderstandingParts) {
    this.parts = parts;
  }

  understand(
    { language, messages, context }: ChatRequest,
    { useProfile = false }: UnderstandOptions = {},
  ): Understanding {
    const profile = useProfile
      ? slotsFromProfile(context?.profile, this.parts.profilePhrases, this.parts.trades, language)
      : {};
    const asked = messages.filter((message) => message.role === 'user').map((m) => m.content);
    const message = asked.at(-1) ?? '';
    const concern = this.parts.crisis.concern(message);
    if (concern) return { kind: 'crisis', about: concern };
    const chat = smallTalk(message, language, this.parts.templates[language]);
    if (chat) return { kind: 'smallTalk', text: chat };
    return this.question(asked, language, CONTEXT_DEPTH, profile);
  }

  /** The last of the user's messages read as a question, with up to `depth` before it. */
  private question(
    asked: string[],
    language: Language,
    depth: number,
    profile: SlotValues = {},
  ): Understanding {
    const message = asked.at(-1) ?? '';
    // What the conversation says about their case beats what the profile says.
    const slots = withConversation(
      withStatedCase(profile, statedCase(asked, this.parts.profilePhrases, language)),
      slotsFrom(asked, this.parts.trades, language),
    );
    const own = withoutSlots(message, this.parts.trades);
    const previous =
      asked.length > 1 && depth > 0
        ? this.question(asked.slice(0, -1), language, depth - 1)
        : undefined;
    const before = previous?.kind === 'intent' ? previous.intent : undefined;

    // "a pro kavárnu?", "Mám e-shop.", "a když mám obrat 2,5 milionu?": the question before, for
    // this case.
    if (before && onlySlots(message, own, language, this.parts)) {
      // After a clarifying question, the case named answers what it asked about, not itself again.
      const target = before.type === 'clarify' ? this.relatedAnswer(before) : before;
      if (target) return this.answer(target, slots);
    }

    if (
      before &&
      (before.type ?? 'answer') === 'answer' &&
      asksWhereToStart(message, language, this.parts.templates)
    ) {
      return { kind: 'intent', intent: before, slots, step: true };
    }

    const verbatim = this.parts.intents.verbatimMatch(message, language);
    if (verbatim) return this.answer(verbatim as GroupedIntent, slots);
    if (!this.parts.vocabulary.reads(message)) return { kind: 'nonsense' };
    const terms = intentTerms(own, language);
    if (!before && this.vague(terms, language)) return this.clarify(terms, language, slots);
    const trade = slots.trade !== undefined;
    const query = this.weighed(own, terms, language);
    // A trade's own words stay, weighing little: "účetní" is who asks in "jsem účetní", and what
    // is asked about in "potřebuju účetní?".
    for (const term of intentTerms(tradeWords(message, this.parts.trades), language)) {
      if (!query.has(term)) query.set(term, TRADE_WORD_WEIGHT);
    }
    const alone = this.best(query, language, { message, trade });
    const followUp =
      before !== undefined && continues(message, terms, language, this.parts.templates);
    let chosen = alone;
    if (before && (followUp || !alone)) {
      const inContext = this.best(
        withContext(terms, asked.at(-2) ?? '', language, this.parts.trades),
        language,
        { message, before, trade },
      );
      if (inContext && (followUp || !alone || inContext.score > alone.score)) chosen = inContext;
    }
    chosen ??= this.inOtherLanguages(own, language);
    if (chosen) return this.answer(chosen.intent, slots);

    const hits = this.parts.library.answering(
      asked.map((content) => ({ role: 'user' as const, content })),
      language,
    );
    // The long tail speaks for the library only when an article is about the question (its head
    // holds one of its words) and answers it as asked (two of its words, three in four of them).
    const sure = hits.filter(
      (hit) => hit.about && hit.matched >= 2 && hit.coverage >= LIBRARY_COVERAGE,
    );
    if (sure.length > 0) return { kind: 'library', hits: sure };
    // "poraď mi", "co dál?": too little to answer, enough to ask what the person means.
    if (terms.length <= SHORT_MESSAGE_TERMS) return this.clarify(terms, language, slots);
    return { kind: 'unknown' };
  }

  /**
   * A message of only the words of wanting help with a business ("co mám dělat s podnikáním",
   * "what should I do next?"): nothing to answer yet, something to ask.
   */
  private vague(terms: string[], language: Language): boolean {
    const words = termSet(this.parts.templates[language].vagueWords, language);
    const asking = askingTerms(language);
    const content = terms.filter((term) => !asking.has(term));
    return content.length > 0 && content.every((term) => words.has(term));
  }

  /** The clarifying question that fits the message best, or the general one. */
  private clarify(
    terms: string[],
    language: Language,
    slots: SlotValues,
  ): Understanding | { kind: 'unknown' } {
    const closest = this.parts.intents
      .match(new Map(terms.map((term) => [term, 1])), language)
      .find((match) => match.intent.type === 'clarify' && match.score >= MATCH_MIN);
    const intent =
      closest?.intent ?? this.parts.intents.intents.find((candidate) => candidate.fallback);
    return intent ? this.answer(intent as GroupedIntent, slots) : { kind: 'unknown' };
  }

  /** The first written answer a clarifying intent names as related (its main topic). */
  private relatedAnswer(intent: GroupedIntent): GroupedIntent | undefined {
    for (const id of intent.related ?? []) {
      const found = this.parts.intents.intents.find((candidate) => candidate.id === id);
      if (found && (found.type ?? 'answer') === 'answer') return found as GroupedIntent;
    }
    return undefined;
  }

  /** The answer of an intent for this person's case: a family's member for their kind. */
  private answer(intent: GroupedIntent, slots: SlotValues): Understanding {
    let chosen = intent;
    if (intent.family && slots.trade) {
      const family = this.parts.intents.intents.filter(
        (candidate) => candidate.family === intent.family,
      ) as GroupedIntent[];
      chosen =
        family.find((member) => member.kind === slots.trade?.kind) ??
        family.find((member) => member.kind === undefined) ??
        intent;
    }
    const missing = chosen.ask && slots[chosen.ask] === undefined ? chosen.ask : undefined;
    return { kind: 'intent', intent: chosen, slots, ...(missing ? { missing } : {}) };
  }

  /** The best intent for the terms, if it is sure enough; intents related to `before` get a little more. */
  private best(
    query: WeightedTerms,
    language: Language,
    {
      message,
      before,
      trade = false,
    }: { message: string; before?: GroupedIntent; trade?: boolean },
  ) {
    const matches = this.parts.intents.match(query, language).flatMap((match) => {
      // A kind of business's member of a family answers for a person who named such a trade
      // (answer() then picks the member for theirs); without one, the general member speaks for
      // the family, and a member's words ("v malém městě" of the trainers') cannot pull an
      // unrelated question to it.
      if (match.intent.kind && !trade) return [];
      const related =
        before &&
        (before.related?.includes(match.intent.id) ||
          (before.family !== undefined && before.family === match.intent.family));
      return [
        {
          intent: match.intent as GroupedIntent,
          score: match.score + (related ? RELATED_BONUS : 0),
          met: match.met,
        },
      ];
    });
    matches.sort((a, b) => b.score - a.score);
    const top = matches[0];
    if (!top || top.score < MATCH_MIN) return undefined;
    // A short message on its own with a word the intent does not know must at least ask
    // something: "druhý řádek" shares only "druh" with "druh živnosti" and asks nothing, while
    // "kolik si říct za svatební focení" is plainly a price question. Question words ("kolik",
    // "jaký") say how, not what, and are not counted as what it is about. A follow-up has its
    // context.
    const asking = askingTerms(language);
    const own = [...query].filter(([term, weight]) => weight >= 1 && !asking.has(term));
    const met = top.met.filter((term) => !asking.has(term)).length;
    const partial = own.length < SHORT_MESSAGE_TERMS && met < own.length;
    const asks = [...query.keys()].some((term) => asking.has(term)) || message.includes('?');
    if (!before && partial && !asks) return undefined;
    // Question words alone are no question about anything ("Kdo jsi?", "Jak se máš?").
    if (!before && met === 0) return undefined;
    return top;
  }

  /**
   * A message's terms, the question's own first: in "Jsem překladatelka ze Španělska a žiju v
   * Brně. Musím se registrovat k DPH?" the sentence that asks says what about; the others tell
   * the situation, and weigh less.
   */
  private weighed(own: string, terms: string[], language: Language): WeightedTerms {
    const sentences = own.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.trim() !== '');
    const asking = sentences.filter((sentence) => sentence.trim().endsWith('?'));
    if (sentences.length < 2 || asking.length === 0 || asking.length === sentences.length) {
      return new Map(terms.map((term) => [term, 1]));
    }
    // "Co teď?", "Jak na to?", "Kolik budu platit na pojištění?" lean on the situation before.
    const questionWords = askingTerms(language);
    const asked = new Set(intentTerms(asking.join(' '), language));
    const said = [...asked].filter((term) => !questionWords.has(term)).length;
    if (said < SELF_CONTAINED_TERMS) return new Map(terms.map((term) => [term, 1]));
    return new Map(terms.map((term) => [term, asked.has(term) ? 1 : SITUATION_WEIGHT]));
  }

  /** A question asked in another language than the interface's (a Czech question, English app). */
  private inOtherLanguages(own: string, language: Language) {
    // Someone writing in another language than the interface's asks a question, not an essay;
    // matching a long text three more times would cost more than it could find.
    if (own.length > OTHER_LANGUAGE_MAX_CHARS) return undefined;
    let found: { intent: GroupedIntent; score: number; met: string[] } | undefined;
    for (const other of ['cs', 'en', 'de', 'es'] as const) {
      if (other === language) continue;
      const theirs = intentTerms(own, other);
      const match = this.best(new Map(theirs.map((term) => [term, 1])), other, { message: own });
      if (match && match.score >= OTHER_LANGUAGE_MIN && match.score > (found?.score ?? 0))
        found = match;
    }
    return found;
  }
}
