import type { Language } from '@partak/domain/languages';
import { normalizeWords } from '@partak/domain/words';
import { analyzer, fold } from './library/text.ts';
import { pick, type Templates } from './templates.ts';

/**
 * A greeting, thanks or goodbye and nothing else: the answer to it, or undefined (a greeting
 * with a question after it is a question).
 */
export function smallTalk(message: string, language: Language, t: Templates): string | undefined {
  let rest = normalizeWords(message);
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
  return pick(t.smallTalk[kind].replies, message);
}
