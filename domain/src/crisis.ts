import { z } from 'zod/mini';
import { SUPPORTED_LANGUAGES, type Language } from './languages.ts';
import { HelplinesSchema } from './mentor-events.ts';
import { normalizeWords, withinOneEdit } from './words.ts';

/**
 * The kinds of warning sign that say little alone and much together (ADR 026): hopelessness
 * ("nevidím východisko"), feeling a burden ("všem by bylo líp, kdybych tu nebyl"), putting
 * affairs in order ("sepsal jsem, komu co nechám"), saying goodbye ("sbohem"), a wish to be
 * gone ("chci jen zmizet") and a calm decision or a day chosen ("mám vybraný den").
 */
const SIGNAL_KINDS = ['hopeless', 'burden', 'farewell', 'goodbye', 'gone', 'decided'] as const;
type SignalKind = (typeof SIGNAL_KINDS)[number];
/** How many different kinds of warning sign in one message make it a crisis. */
const SIGNALS_FOR_CRISIS = 2;
/** Saying goodbye in two different ways ("poslední zpráva", "sbohem") is a crisis on its own. */
const GOODBYES_FOR_CRISIS = 2;

/**
 * One language's crisis wording and the reply to it (content/mentor/crisis.json): the patterns
 * that say a person may be in danger, the warning signs that do when two kinds meet, the idioms
 * that only sound so, the words that negate a pattern said right after them, and the words and
 * lines to call that answer it.
 */
export const CrisisLanguageSchema = z.object({
  patterns: z.array(z.string()).check(z.minLength(1)),
  signals: z.record(z.enum(SIGNAL_KINDS), z.array(z.string())),
  fillers: z.array(z.string()),
  others: z.array(z.string()),
  othersInDanger: z.array(z.string()),
  idioms: z.array(z.string()),
  negators: z.array(z.string()),
  reply: z.string().check(z.minLength(1)),
  replyForOther: z.string().check(z.minLength(1)),
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

/** What the detector reads of each language: its patterns, signs, fillers, worry for others, idioms and negators. */
export type CrisisWording = Record<
  Language,
  Pick<
    CrisisLexicon,
    'patterns' | 'signals' | 'fillers' | 'others' | 'othersInDanger' | 'idioms' | 'negators'
  >
>;

/** Whose crisis a message speaks of: the writer's own, or someone they are worried about. */
export type CrisisConcern = 'self' | 'other';

/** What the mentor says to a crisis: to the person, or to someone helping another. */
export function crisisReply(
  lexicon: Pick<CrisisLexicon, 'reply' | 'replyForOther'>,
  concern: CrisisConcern,
): string {
  return concern === 'other' ? lexicon.replyForOther : lexicon.reply;
}

interface CompiledLanguage {
  /** Every pattern and sign at once: most messages match none, and one scan says so. */
  any: RegExp;
  patterns: RegExp[];
  /** Each kind's signs as one expression: a message is read once per kind. */
  signals: [SignalKind, RegExp][];
  /** Someone else named, and their danger said in the third person: each one expression. */
  others: RegExp;
  othersInDanger: RegExp;
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

/** How many of the spans do not overlap: two patterns on one phrase are one goodbye. */
function apart(spans: [number, number][]): number {
  let count = 0;
  let end = -1;
  for (const [start, stop] of [...spans].sort((a, b) => a[1] - b[1])) {
    if (start >= end) {
      count += 1;
      end = stop;
    }
  }
  return count;
}

/** The patterns as one expression over whole words (no `g`: `test` keeps no state). */
const oneOf = (patterns: string[]) => new RegExp(`(?<= )(?:${patterns.join('|')})(?= )`);

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
  /** Words that only soften or stress ("vlastně", "ehrlich gesagt"), dropped for a last reading. */
  private readonly fillers: Set<string>;
  /** Words the mentor knows: these are never "corrected" towards a crisis word. */
  private readonly isKnownWord: (word: string) => boolean;

  constructor(lexicons: CrisisWording, isKnownWord: (word: string) => boolean = () => false) {
    this.isKnownWord = isKnownWord;
    this.languages = SUPPORTED_LANGUAGES.map((language) => ({
      any: oneOf([
        ...lexicons[language].patterns,
        ...Object.values(lexicons[language].signals).flat(),
      ]),
      patterns: lexicons[language].patterns.map(wholeWords),
      signals: SIGNAL_KINDS.flatMap((kind) => {
        const signs = lexicons[language].signals[kind];
        return signs.length > 0
          ? [[kind, wholeWords(signs.join('|'))] as [SignalKind, RegExp]]
          : [];
      }),
      others: oneOf(lexicons[language].others),
      othersInDanger: oneOf(lexicons[language].othersInDanger),
      idioms: lexicons[language].idioms.map(wholeWords),
      negators: new Set(lexicons[language].negators),
    }));
    this.words = patternWords(lexicons);
    this.fillers = new Set(SUPPORTED_LANGUAGES.flatMap((language) => lexicons[language].fillers));
  }

  /** The message with each long unknown word that is one typo away from a pattern's word fixed. */
  private corrected(text: string): string {
    // A long message repeats its words: each distinct word is looked at once.
    const seen = new Map<string, string>();
    const fixed = text
      .trim()
      .split(' ')
      .map((token) => {
        let result = seen.get(token);
        if (result === undefined) {
          result = this.correctedWord(token);
          seen.set(token, result);
        }
        return result;
      });
    return ` ${fixed.join(' ')} `;
  }

  private correctedWord(token: string): string {
    if (token.length < 5 || this.words.has(token) || this.fillers.has(token)) return token;
    if (this.isKnownWord(token)) return token;
    for (const [word, stem] of this.words) {
      // One edit changes the length by at most one; a stem only needs the token's head.
      if (token.length < word.length - 1) continue;
      if (token.length <= word.length + 1 && withinOneEdit(token, word)) return word;
      const head = token.slice(0, word.length);
      if (stem && token.length > word.length && withinOneEdit(head, word)) {
        return word + token.slice(word.length);
      }
    }
    return token;
  }

  /** Whether the message says the person may be in danger. */
  detects(message: string): boolean {
    return this.concern(message) !== undefined;
  }

  /**
   * Whose danger the message speaks of, if any: "Kamarád mi napsal, že už nechce žít" asks how
   * to help someone else. The lines are the same; what to say to the writer is not.
   */
  concern(message: string): CrisisConcern | undefined {
    const readings = this.readings(message);
    const any = (pick: (language: CompiledLanguage) => RegExp) =>
      this.languages.some((language) => readings.some((text) => pick(language).test(text)));
    // Someone else, and their danger in the third person ("píše, že nechce žít"): a writer who
    // says "nechci žít" after "manžel říká…" is the one in danger.
    if (any((language) => language.othersInDanger) && any((language) => language.others)) {
      return 'other';
    }
    return readings.some((text) => this.says(text)) ? 'self' : undefined;
  }

  private readings(message: string): string[] {
    // The message as written, with its typos fixed and without its fillers: each later reading
    // may only ever add a match.
    const written = normalizeWords(message);
    const corrected = this.corrected(written);
    // "Ich will ehrlich gesagt nicht mehr leben": also without the words that only soften it.
    return [
      ...new Set([
        written,
        corrected,
        this.withoutFillers(written),
        this.withoutFillers(corrected),
      ]),
    ];
  }

  private withoutFillers(text: string): string {
    const kept = text
      .trim()
      .split(' ')
      .filter((word) => !this.fillers.has(word));
    return ` ${kept.join(' ')} `;
  }

  private says(normalized: string): boolean {
    // Idioms go first, every language's: "business suicide" must not meet the Czech "suicid…".
    let text = normalized;
    for (const language of this.languages) {
      for (const idiom of language.idioms) text = text.replace(idiom, ' ');
    }
    const kinds = new Set<SignalKind>();
    const goodbyes: [number, number][] = [];
    for (const language of this.languages) {
      if (!language.any.test(text)) continue;
      if (language.patterns.some((pattern) => this.isSaid(text, pattern, language))) return true;
      for (const [kind, signs] of language.signals) {
        const said = this.allSaid(text, signs, language);
        if (said.length > 0) kinds.add(kind);
        if (kind === 'goodbye') goodbyes.push(...said);
      }
    }
    // One warning sign alone is everyday talk ("nevidím řešení" of a tax problem); two kinds
    // together are how people who are in danger mostly say it, without the words of a plan.
    return kinds.size >= SIGNALS_FOR_CRISIS || apart(goodbyes) >= GOODBYES_FOR_CRISIS;
  }

  /** Whether the pattern is said somewhere without a negation right before it. */
  private isSaid(text: string, pattern: RegExp, language: CompiledLanguage): boolean {
    for (const match of text.matchAll(pattern)) {
      if (!this.negated(text, match.index, language)) return true;
    }
    return false;
  }

  /** Where the pattern is said without a negation right before it: the spans, apart. */
  private allSaid(text: string, pattern: RegExp, language: CompiledLanguage): [number, number][] {
    const spans: [number, number][] = [];
    for (const match of text.matchAll(pattern)) {
      if (!this.negated(text, match.index, language)) {
        spans.push([match.index, match.index + match[0].length]);
      }
    }
    return spans;
  }

  private negated(text: string, index: number, language: CompiledLanguage): boolean {
    const before = text.slice(0, index).trim().split(' ').at(-1) ?? '';
    return language.negators.has(before);
  }
}
