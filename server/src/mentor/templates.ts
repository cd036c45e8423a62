import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod/mini';
import { LIBRARY_CATEGORIES } from '@partak/domain/library';
import { ChoicesSchema } from '@partak/domain/mentor-events';
import { SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';

export const MENTOR_CONTENT_DIR = join(import.meta.dirname, '..', '..', '..', 'content', 'mentor');

/** A JSON file of content/mentor, without the `_about` note that says what it is for. */
export async function readMentorFile<T>(name: string, dir = MENTOR_CONTENT_DIR): Promise<T> {
  const value = JSON.parse(await readFile(join(dir, name), 'utf8')) as T & { _about?: unknown };
  delete value._about;
  return value;
}

const variants = z.array(z.string()).check(z.minLength(1));
const perCategory = z.record(z.enum(LIBRARY_CATEGORIES.map((c) => c.id)), variants);
const talk = z.object({ phrases: z.array(z.string()), replies: variants });

/** What the library mentor says around the library's words, in one language (content/mentor). */
const TemplatesSchema = z.object({
  today: z.string(),
  nextStep: perCategory,
  firstStep: z.string(),
  question: perCategory,
  professional: z.object({ tax: z.string(), legal: z.string(), health: z.string() }),
  professionalPhrases: z.object({
    tax: z.array(z.string()),
    legal: z.array(z.string()),
    health: z.array(z.string()),
  }),
  noMatch: z.object({
    text: z.string(),
    offer: z.string(),
    topics: z.array(z.string()).check(z.minLength(3)),
    question: z.string(),
  }),
  smallTalk: z.object({ greeting: talk, thanks: talk, bye: talk }),
  /** The line under an answer that links the article going deeper ({{link}}). */
  deeper: z.string(),
  /**
   * The sentence that points to a calculator card under an answer: filled from the profile, or
   * to be filled in.
   */
  calculatorCard: z.object({ profile: z.string(), plain: z.string() }),
  /** What a person can tap when the mentor asks what kind of business they run. */
  tradeChoices: ChoicesSchema,
  /**
   * Words that say only that someone wants help with their business ("podnikání", "dělat",
   * "next"): a message of these alone is vague, and gets a clarifying question.
   */
  vagueWords: z.array(z.string()),
  /** What the mentor says to a message it cannot read at all. */
  nonsense: z.string(),
  /**
   * How a follow-up starts ("a", "and", "und", "y"), and the words that only introduce what the
   * person tells about their case ("mám", "obrat", "for") — a message of those and a trade or an
   * amount asks the question before it again, for their case.
   */
  followUp: z.object({
    starts: z.array(z.string()),
    slotWords: z.array(z.string()),
    /**
     * "Co mám udělat jako první?", "where do I start?" after an answer (folded, without
     * punctuation): the answer's step for today, on its own ({{step}} in `stepReply`).
     */
    whereToStart: z.array(z.string()),
    stepReply: z.string(),
  }),
  /** The model mentor's prompt around the library's passages and the user's goals. */
  model: z.object({
    library: z.string(),
    noLibrary: z.string(),
    goals: z.string(),
    goalLine: z.string(),
    profile: z.string(),
    tools: z.string(),
    /** Introduces the answer base's written answer to the question. */
    answer: z.string(),
  }),
});

export type Templates = z.infer<typeof TemplatesSchema>;

/** One language's templates and the model's persona (persona.<lang>.md). */
export type LanguageTemplates = Templates & { persona: string };

/** Every language's templates, checked at start: a missing phrase must not surface as a blank. */
export async function loadTemplates(
  dir = MENTOR_CONTENT_DIR,
): Promise<Record<Language, LanguageTemplates>> {
  const entries = await Promise.all(
    SUPPORTED_LANGUAGES.map(async (language) => {
      const raw = JSON.parse(await readFile(join(dir, `${language}.json`), 'utf8')) as unknown;
      const persona = (await readFile(join(dir, `persona.${language}.md`), 'utf8')).trim();
      return [language, { ...TemplatesSchema.parse(raw), persona }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Language, LanguageTemplates>;
}

/** `{{name}}` placeholders filled in. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}

/** One of several wordings, the same one for the same question (replies are reproducible). */
export function pick<T>(choices: readonly T[], seed: string): T {
  let hash = 0;
  for (let i = 0; i < seed.length; i++) hash = (Math.imul(hash, 31) + seed.charCodeAt(i)) | 0;
  return choices[Math.abs(hash) % choices.length] as T;
}
