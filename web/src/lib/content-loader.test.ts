import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@partak/domain/languages';
import { countWords, LIBRARY_CATEGORIES, numberedSteps } from '@partak/domain/library';
import { STARTER_QUESTIONS_PER_TOPIC, TOPIC_GROUPS } from '@partak/domain/topics';
import { loadArticle, loadLibrary, loadTopics } from './content-loader.ts';

describe('topics content', () => {
  for (const language of SUPPORTED_LANGUAGES) {
    it(`has every topic with 4 starter questions in ${language}`, async () => {
      const topics = await loadTopics(language);
      expect(topics.map((t) => t.id)).toEqual([...TOPIC_GROUPS.business, ...TOPIC_GROUPS.growth]);
      expect(topics.filter((t) => t.group === 'business')).toHaveLength(8);
      expect(topics.filter((t) => t.group === 'growth')).toHaveLength(6);
      for (const topic of topics) {
        expect(topic.title.trim(), topic.id).not.toBe('');
        expect(topic.description.trim(), topic.id).not.toBe('');
        expect(topic.questions, topic.id).toHaveLength(STARTER_QUESTIONS_PER_TOPIC);
        for (const question of topic.questions) expect(question.trim(), topic.id).not.toBe('');
        expect(new Set(topic.questions).size, topic.id).toBe(STARTER_QUESTIONS_PER_TOPIC);
      }
    });
  }
});

describe('library content', () => {
  for (const language of SUPPORTED_LANGUAGES) {
    it(`has every category with its articles, all translated, in ${language}`, async () => {
      const library = await loadLibrary(language);
      expect(library.map((c) => [c.id, c.articles.map((a) => a.id)])).toEqual(
        LIBRARY_CATEGORIES.map((c) => [c.id, [...c.articleIds]]),
      );
      for (const category of library) {
        expect(category.title.trim()).not.toBe('');
        expect(category.description.trim()).not.toBe('');
        for (const article of category.articles)
          expect(article.language, article.id).toBe(language);
      }
    });
  }

  const articles = LIBRARY_CATEGORIES.flatMap((c) => c.articleIds).flatMap((id) =>
    SUPPORTED_LANGUAGES.map((language) => [id, language] as const),
  );

  it.each(articles)(
    '%s in %s is a real article: title, preview, 400+ words, clean paragraphs',
    async (id, language) => {
      const article = await loadArticle(id, language);
      if (!article) throw new Error(`${id} did not load`);
      const { title, preview, paragraphs } = article;
      expect(article.language).toBe(language);
      // Every figure written out; a checklist keeps its steps in every language.
      expect(paragraphs.join('\n')).not.toContain('{{');
      const czech = await loadArticle(id, 'cs');
      expect(numberedSteps(paragraphs)).toHaveLength(numberedSteps(czech?.paragraphs ?? []).length);
      expect(title.length).toBeGreaterThan(10);
      expect(preview.length).toBeGreaterThan(60);
      expect(paragraphs.length).toBeGreaterThanOrEqual(5);
      for (const paragraph of paragraphs) {
        expect(paragraph.trim()).not.toBe('');
        // Plain text, as the reader shows it: no Markdown markup.
        expect(paragraph).not.toMatch(/^#|\*\*|^[-*] |\]\(/m);
      }
      expect(countWords(paragraphs.join(' '))).toBeGreaterThanOrEqual(400);
    },
  );

  it('finds an article by its id alone, and nothing for an unknown id', async () => {
    expect((await loadArticle('meta-ads', 'cs'))?.categoryId).toBe('marketing');
    expect(await loadArticle('does-not-exist', 'cs')).toBeUndefined();
  });

  it('says when the figures an article quotes were checked', async () => {
    expect((await loadArticle('dph', 'en'))?.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await loadArticle('meditace-klid', 'cs'))?.checkedOn).toBeUndefined();
  });
});
