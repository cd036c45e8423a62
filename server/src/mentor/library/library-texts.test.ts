import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@partak/domain/languages';
import { LIBRARY_CATEGORIES } from '@partak/domain/library';
import { loadLibraryTexts } from './library-texts.ts';

describe('the texts the library mentor searches', () => {
  it('hold every article of every category in all four languages, figures written out', async () => {
    const texts = await loadLibraryTexts();
    const articles = LIBRARY_CATEGORIES.flatMap((c) => c.articleIds.map((id) => `${c.id}/${id}`));
    for (const language of SUPPORTED_LANGUAGES) {
      const held = texts
        .filter((text) => text.language === language)
        .map((t) => `${t.categoryId}/${t.articleId}`);
      expect(held.sort(), language).toEqual([...articles].sort());
    }
    // Every article of the money category (its list grows) in every language.
    const money = LIBRARY_CATEGORIES.find((c) => c.id === 'penize-dane-urady')?.articleIds ?? [];
    expect(money.length).toBe(9);
    const taxes = texts.filter((text) => text.categoryId === 'penize-dane-urady');
    expect(taxes.length).toBe(money.length * SUPPORTED_LANGUAGES.length);
    for (const text of texts) {
      expect(text.paragraphs.join(' '), text.url).not.toMatch(/\{\{|\}\}/);
    }
  });
});
