import { z } from 'zod/mini';
import { CALCULATOR_IDS } from '@partak/domain/calculators/types';

/**
 * The answer base (content/mentor/answers/*.json): what the library mentor says to the questions
 * founders ask most, written per language. Its README says how to write one; this is the shape a
 * file must have, checked at start and in the tests.
 */

/** The kinds of business an answer can be written for (content/mentor/trades.json names them). */
export const BUSINESS_KINDS = [
  'food',
  'retail',
  'eshop',
  'beauty',
  'wellness',
  'crafts',
  'creative',
  'it',
  'teaching',
  'services',
] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];

/** What an answer can be filled with from the conversation. */
export const SLOTS = ['trade', 'price', 'turnover'] as const;
export type Slot = (typeof SLOTS)[number];

const text = z.string().check(z.minLength(1));

/** One intent in one language. */
const IntentTextSchema = z.object({
  /** How people ask it: colloquial, without diacritics, with a phone's typos. */
  phrasings: z.array(text).check(z.minLength(5)),
  /** The direct answer (Markdown), its first paragraph the answer itself. */
  answer: text,
  /** One step for today (after "Dnes:"). Absent for clarifying and out-of-scope intents. */
  today: z.optional(text),
  /** One question back. */
  question: z.optional(text),
  /** Asked instead of `question` when the intent's `ask` slot is missing. */
  askSlot: z.optional(text),
  /** A clarifying intent's choices: two to four questions the user can tap. */
  choices: z.optional(z.array(text).check(z.minLength(2), z.maxLength(4))),
});
export type IntentText = z.infer<typeof IntentTextSchema>;

export const IntentSchema = z.object({
  /** Unique across the base, kebab-case. */
  id: z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)),
  /**
   * `answer` (the default): a written answer. `clarify`: a vague question answered with one
   * clarifying question and choices. `outOfScope`: outside the mentor's field, answered honestly
   * with no sources.
   */
  type: z.optional(z.enum(['answer', 'clarify', 'outOfScope'])),
  /** Library articles that go deeper, as `category/article`. */
  articles: z.optional(z.array(z.string().check(z.regex(/^[a-z-]+\/[a-z-]+$/)))),
  /** Intents answering the same question for different kinds of business share a family. */
  family: z.optional(z.string()),
  /** The kind of business this member of a family is written for. */
  kind: z.optional(z.enum(BUSINESS_KINDS)),
  /**
   * A clarifying intent that also answers a short message nothing else matches ("poraď mi",
   * "co dál?"): better one question with choices than "I know nothing about this".
   */
  fallback: z.optional(z.boolean()),
  /** The slot whose absence makes the mentor ask for it (askSlot). */
  ask: z.optional(z.enum(SLOTS)),
  /**
   * The calculator whose numbers this question asks for: the reply offers it as a card after its
   * text (the `calculator` mentor event), filled from the numbers the question names.
   */
  calculator: z.optional(z.enum(CALCULATOR_IDS)),
  /** Intents a follow-up question most likely means (a "how much does it cost?" after this). */
  related: z.optional(z.array(z.string())),
  cs: IntentTextSchema,
  en: IntentTextSchema,
  de: IntentTextSchema,
  es: IntentTextSchema,
});
export type Intent = z.infer<typeof IntentSchema>;

export const AnswerFileSchema = z.object({
  /** What the file's intents are about (the file's name without .json). */
  group: z.string(),
  intents: z.array(IntentSchema).check(z.minLength(1)),
});
export type AnswerFile = z.infer<typeof AnswerFileSchema>;
