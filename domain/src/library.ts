import type { Language } from './languages.ts';

/** The library's categories and their articles, in display order (docs/product.md#constants). */
export const LIBRARY_CATEGORIES = [
  {
    id: 'podnikani',
    articleIds: [
      'smer-podnikani',
      'rust-bez-ztraty',
      'znacka-komunita',
      'navyky-uspechu',
      'cesta-rustu',
    ],
  },
  {
    id: 'marketing',
    articleIds: [
      'meta-ads',
      'google-ads',
      'obsah-duvera',
      'psychologie-kampane',
      'marketingovy-system',
    ],
  },
  {
    id: 'prodej',
    articleIds: [
      'mluvit-naslouchat',
      'psychologie-rozhodovani',
      'budovat-duveru',
      'prodejni-mindset',
      'eticky-vliv',
    ],
  },
  {
    id: 'osobni-rozvoj',
    articleIds: [
      'mysl-emoce',
      'energie-disciplina',
      'limitujici-presvedceni',
      'sebepoznani',
      'mentalni-sila',
    ],
  },
  {
    id: 'penize-dane-urady',
    articleIds: [
      'zalozeni-zivnosti',
      'danovy-rok',
      'pausalni-dan',
      'dph',
      'fakturace',
      'osvc-nebo-sro',
      'spoluprace',
      'socialni-jistoty',
      'e-shop-a-zakon',
    ],
  },
  {
    id: 'meditace',
    articleIds: ['meditace-klid', 'vizualizace', 'afirmace', 'kombinace', 'vedomy-zivot'],
  },
] as const;

export type CategoryId = (typeof LIBRARY_CATEGORIES)[number]['id'];
export type ArticleId = (typeof LIBRARY_CATEGORIES)[number]['articleIds'][number];

/**
 * The category an article belongs to. Articles are found by their id alone
 * (docs/product.md#screens-and-routes).
 */
export function categoryOfArticle(articleId: string): CategoryId | undefined {
  return LIBRARY_CATEGORIES.find((category) =>
    (category.articleIds as readonly string[]).includes(articleId),
  )?.id;
}

export interface Article {
  title: string;
  preview: string;
  /** What a reader would search for to find it (front matter `keywords:`, comma-separated). */
  keywords: string[];
  /** Plain-text paragraphs, in order. */
  paragraphs: string[];
}

/**
 * Where an article lives in content/library: Czech under articles/, each translation under
 * translations/<lang>/.
 */
export function articlePath(categoryId: string, articleId: string, language: Language): string {
  return language === 'cs'
    ? `articles/${categoryId}/${articleId}.md`
    : `translations/${language}/${categoryId}/${articleId}.md`;
}

/** Splits plain text into paragraphs on blank lines, dropping empty ones. */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/**
 * Reads an article file: a front matter block with `title:` and `preview:` lines between `---`
 * lines, then the body. Throws on a file without a title or preview, so a broken article fails the
 * build and the content test rather than showing up empty.
 */
export function parseArticle(source: string): Article {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error('An article must start with a front matter block between --- lines.');
  const fields = new Map(
    (match[1] ?? '').split(/\r?\n/).map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()] as const;
    }),
  );
  const title = fields.get('title');
  const preview = fields.get('preview');
  if (!title || !preview) throw new Error('An article needs a title and a preview.');
  const keywords = (fields.get('keywords') ?? '')
    .split(',')
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');
  return { title, preview, keywords, paragraphs: splitParagraphs(match[2] ?? '') };
}

/** Words in a text, for reading-time estimates and content checks. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
}

/** Minutes a reader needs, at an unhurried 200 words a minute, never less than one. */
export function readingMinutes(paragraphs: readonly string[]): number {
  return Math.max(1, Math.round(countWords(paragraphs.join(' ')) / 200));
}

/**
 * The steps of an article's numbered list ("1. …", "2. …", each its own paragraph), for offering
 * it as a goal with that many steps; empty when it has none. The first list of two or more steps.
 */
export function numberedSteps(paragraphs: readonly string[]): string[] {
  const steps: string[] = [];
  for (const paragraph of paragraphs) {
    const match = /^(\d+)\.\s+(.*)$/s.exec(paragraph);
    if (match && Number(match[1]) === steps.length + 1) steps.push(match[2] ?? '');
    else if (steps.length >= 2) break;
    else steps.length = 0;
  }
  return steps.length >= 2 ? steps : [];
}
