import { z } from 'zod/mini';
import { SUPPORTED_LANGUAGES, type Language } from './languages.ts';
import { HelplinesSchema } from './mentor-events.ts';
import { normalizeWords, withinOneEdit } from './words.ts';

/**
 * One language's crisis wording and the reply to it (content/mentor/crisis.json): the patterns
 * that say a person may be in danger, the idioms that only sound so, the words that negate a
 * pattern said right after them, and the words and lines to call that answer it.
 */
export const CrisisLanguageSchema = z.object({
  patterns: z.array(z.string()).check(z.minLength(1)),
  idioms: z.array(z.string()),
  negators: z.array(z.string()),
  reply: z.string().check(z.minLength(1)),
  helplines: HelplinesSchema,
});
export type CrisisLexicon = z.infer<typeof CrisisLanguageSchema>;

export const CrisisFileSchema = z.object({
  cs: CrisisLanguageSchema,
  en: CrisisLanguageSchema,
  de: CrisisLanguageSchema,
  es: CrisisLanguageSchema,
});
export type CrisisFile = z.infer<typeof CrisisFileSchema>;

/** What the detector reads of each language: its patterns, idioms and negators. */
export type CrisisWording = Record<
  Language,
  Pick<CrisisLexicon, 'patterns' | 'idioms' | 'negators'>
>;

interface CompiledLanguage {
  patterns: RegExp[];
  idioms: RegExp[];
  negators: Set<string>;
}

/**
 * Words a typo is corrected to: the patterns' own long words ("nechci"), and the stems they
 * match words by ("sebevrazd" of `sebevrazd[a-z]*`), mapped to whether they are such a stem.
 */
function patternWords(lexicons: CrisisWording): Map<string, boolean> {
  const words = new Map<string, boolean>();
  for (const language of SUPPORTED_LANGUAGES) {
    for (const pattern of lexicons[language].patterns) {
      for (const [, word = '', stem] of pattern.matchAll(/([a-z]{6,})(\[a-z\]\*)?/g)) {
        words.set(word, words.get(word) === true || stem !== undefined);
      }
    }
  }
  return words;
}

const wholeWords = (pattern: string) => new RegExp(`(?<= )(?:${pattern})(?= )`, 'g');

/**
 * Recognises a person in crisis — thoughts of suicide or self-harm, said directly or not — in
 * any of the four languages, whatever language the interface is in: missing one is the worst
 * mistake the mentor can make, so every message is read with every language's patterns, and a
 * phone's typo in a long word ("sebevradza") is read as the word it misses. Idioms are taken out
 * first ("ta konkurence mě zabije", "me muero de ganas"), and a pattern said with a negation
 * right before it ("I don't want to die") does not count. Chosen over a trained classifier in
 * ADR 019; measured on server/test/mentor-eval/crisis.json.
 */
export class CrisisDetector {
  private readonly languages: CompiledLanguage[];
  private readonly words: Map<string, boolean>;
  /** Words the mentor knows: these are never "corrected" towards a crisis word. */
  private readonly isKnownWord: (word: string) => boolean;

  constructor(lexicons: CrisisWording, isKnownWord: (word: string) => boolean = () => false) {
    this.isKnownWord = isKnownWord;
    this.languages = SUPPORTED_LANGUAGES.map((language) => ({
      patterns: lexicons[language].patterns.map(wholeWords),
      idioms: lexicons[language].idioms.map(wholeWords),
      negators: new Set(lexicons[language].negators),
    }));
    this.words = patternWords(lexicons);
  }

  /** The message with each long unknown word that is one typo away from a pattern's word fixed. */
  private corrected(text: string): string {
    const tokens = text.trim().split(' ');
    const fixed = tokens.map((token) => {
      if (token.length < 5 || this.words.has(token) || this.isKnownWord(token)) return token;
      for (const [word, stem] of this.words) {
        if (withinOneEdit(token, word)) return word;
        const head = token.slice(0, word.length);
        if (stem && token.length > word.length && withinOneEdit(head, word)) {
          return word + token.slice(word.length);
        }
      }
      return token;
    });
    return ` ${fixed.join(' ')} `;
  }

  /** Whether the message says the person may be in danger. */
  detects(message: string): boolean {
    // The message as written and with its typos fixed: a fix may only ever add a match.
    const written = normalizeWords(message);
    return [written, this.corrected(written)].some((text) => this.says(text));
  }

  private says(normalized: string): boolean {
    // Idioms go first, every language's: "business suicide" must not meet the Czech "suicid…".
    let text = normalized;
    for (const language of this.languages) {
      for (const idiom of language.idioms) text = text.replace(idiom, ' ');
    }
    for (const language of this.languages) {
      for (const pattern of language.patterns) {
        for (const match of text.matchAll(pattern)) {
          const before = text.slice(0, match.index).trim().split(' ').at(-1) ?? '';
          if (!language.negators.has(before)) return true;
        }
      }
    }
    return false;
  }
}
