import { describe, expect, it } from 'vitest';
import {
  categoryOfArticle,
  countWords,
  numberedSteps,
  parseArticle,
  readingMinutes,
  splitParagraphs,
} from './library.ts';

describe('splitParagraphs', () => {
  it('splits on blank lines and drops empty paragraphs', () => {
    expect(splitParagraphs('A\nstill A\n\nB\n   \n\n\nC\r\n\r\nD\n')).toEqual([
      'A\nstill A',
      'B',
      'C',
      'D',
    ]);
    expect(splitParagraphs('\n\n')).toEqual([]);
  });
});

describe('parseArticle', () => {
  it('reads the title, the preview and the paragraphs', () => {
    const article = parseArticle(
      '---\ntitle: Google Ads: první kampaň\npreview: Krátký náhled.\n---\n\nPrvní odstavec.\n\nDruhý.\n',
    );
    expect(article).toEqual({
      title: 'Google Ads: první kampaň',
      preview: 'Krátký náhled.',
      keywords: [],
      paragraphs: ['První odstavec.', 'Druhý.'],
    });
    expect(
      parseArticle('---\ntitle: T\npreview: P\nkeywords: DPH, plátce DPH , ,faktura\n---\nText')
        .keywords,
    ).toEqual(['DPH', 'plátce DPH', 'faktura']);
  });

  it('refuses a file without front matter, title or preview', () => {
    expect(() => parseArticle('Just text')).toThrow(/front matter/);
    expect(() => parseArticle('---\ntitle: T\n---\nBody')).toThrow(/preview/);
  });
});

describe('categoryOfArticle', () => {
  it('finds the category from the article id alone', () => {
    expect(categoryOfArticle('meta-ads')).toBe('marketing');
    expect(categoryOfArticle('vedomy-zivot')).toBe('meditace');
    expect(categoryOfArticle('nope')).toBeUndefined();
  });
});

describe('numberedSteps', () => {
  it('finds the first numbered list of two or more steps', () => {
    expect(
      numberedSteps(['Úvod.', '1. Spočítej.', '2. Zapiš.', '3. Pošli.', 'Konec.', '1. Jiný.']),
    ).toEqual(['Spočítej.', 'Zapiš.', 'Pošli.']);
    expect(numberedSteps(['1. Jen jeden.', 'Text.'])).toEqual([]);
    expect(numberedSteps(['2. Bez začátku.', '3. Dál.'])).toEqual([]);
  });
});

describe('reading time', () => {
  it('counts words with letters and rounds minutes, at least one', () => {
    expect(countWords('Ahoj – jak se máš? 42')).toBe(4);
    expect(readingMinutes(['slovo '.repeat(700)])).toBe(4);
    expect(readingMinutes(['krátké'])).toBe(1);
  });
});
