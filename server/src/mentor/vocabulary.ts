import { normalizeWords, withinOneEdit } from '@partak/domain/words';

/** The most words of a message the check reads: a real question says what it is early. */
const WORDS_READ = 60;
/** Below this share of words it knows, a message is not one the mentor can read. */
const KNOWN_SHARE_MIN = 0.5;

/**
 * Every word the mentor has ever written or been told people ask, in its four languages (the
 * answer base, the library, the stop words): what it can read. A message mostly of other words —
 * keyboard mashing, "lorem ipsum", Polish, Chinese — is one it cannot, and it says so rather than
 * answer something at random.
 */
export class Vocabulary {
  private readonly words = new Set<string>();
  private readonly buckets = new Map<string, string[]>();

  constructor(texts: Iterable<string>) {
    for (const text of texts) {
      for (const word of normalizeWords(text).trim().split(' ')) {
        if (word && !this.words.has(word)) {
          this.words.add(word);
          const key = word.slice(0, 2);
          const bucket = this.buckets.get(key);
          if (bucket) bucket.push(word);
          else this.buckets.set(key, [word]);
        }
      }
    }
  }

  /** A word it knows as it is written. */
  knows(word: string): boolean {
    return this.words.has(word);
  }

  /** A word it knows, or one typo away from one it knows (a word of six letters or more). */
  has(word: string): boolean {
    if (this.words.has(word)) return true;
    if (word.length < 6) return false;
    const near = [word.slice(0, 2), word[0] ?? ''].flatMap((key) =>
      key.length === 2 ? (this.buckets.get(key) ?? []) : [],
    );
    return near.some(
      (known) => Math.abs(known.length - word.length) <= 1 && withinOneEdit(word, known),
    );
  }

  /** The share of a message's words it knows (numbers count as known), 1 for no words. */
  knownShare(message: string): number {
    const words = normalizeWords(message)
      .trim()
      .split(' ')
      .filter((word) => /\p{L}/u.test(word))
      .slice(0, WORDS_READ);
    if (words.length === 0) return 1;
    return words.filter((word) => this.has(word)).length / words.length;
  }

  /** Whether the mentor can read the message at all. */
  reads(message: string): boolean {
    return this.knownShare(message) >= KNOWN_SHARE_MIN;
  }
}
