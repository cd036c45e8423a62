import type { Language } from '@partak/domain/languages';

/** Each language's quotation marks: the outer pair, and the pair for a quote inside a quote. */
const MARKS: Record<Language, { outer: [string, string]; inner: [string, string] }> = {
  cs: { outer: ['„', '“'], inner: ['‚', '‘'] },
  de: { outer: ['„', '“'], inner: ['‚', '‘'] },
  en: { outer: ['“', '”'], inner: ['‘', '’'] },
  es: { outer: ['«', '»'], inner: ['“', '”'] },
};

/**
 * What is wrong with a text's quotation marks, if anything: a quote opened and not closed (or
 * closed and not opened), a quote inside a quote with the outer marks instead of the inner ones,
 * straight double quotes. English ’ doubles as the apostrophe, so English inner quotes are not
 * counted.
 */
export function quoteProblem(text: string, language: Language): string | undefined {
  if (text.includes('"')) return 'straight double quotes';
  const { outer, inner } = MARKS[language];
  const pairs = language === 'en' ? [outer] : [outer, inner];
  const open: string[] = [];
  for (const char of text) {
    const opening = pairs.find(([start, end]) => char === start && start !== end);
    const closing = pairs.find(([, end]) => char === end);
    // Spanish inner “ ” and German/Czech outer „ “ share a mark: “ closes in cs/de, opens in es.
    if (opening && !(closing && open.at(-1) === closing[0])) {
      if (opening === outer && open.includes(outer[0]))
        return `a quote inside a quote needs ${inner.join('…')}`;
      open.push(opening[0]);
    } else if (closing) {
      if (open.at(-1) !== closing[0]) return `${char} closes a quote that was not opened`;
      open.pop();
    }
  }
  return open.length > 0 ? `${open.at(-1)} is never closed` : undefined;
}
