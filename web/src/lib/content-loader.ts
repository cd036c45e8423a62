/**
 * The one way into content/: topics, library categories and articles. Everything is fetched on
 * demand as its own file, so no screen carries content it does not show.
 */
import type { Language } from '@partak/domain/languages';
import {
  categoryOfArticle,
  LIBRARY_CATEGORIES,
  parseArticle,
  readingMinutes,
  type Article,
  type ArticleId,
  type CategoryId,
} from '@partak/domain/library';
import { TOPIC_IDS, topicGroupOf, type TopicGroup, type TopicId } from '@partak/domain/topics';
import { cached } from './cached.ts';

type TopicTexts = Record<string, { title: string; description: string; questions: string[] }>;
type CategoryTexts = Record<string, { title: string; description: string }>;

const topicFiles = import.meta.glob<TopicTexts>('../../../content/topics/*.json', {
  import: 'default',
});
const categoryFiles = import.meta.glob<CategoryTexts>(
  '../../../content/library/categories/*.json',
  {
    import: 'default',
  },
);
const articleFiles = import.meta.glob<string>('../../../content/library/articles/*/*.md', {
  query: '?raw',
  import: 'default',
});

export interface Topic {
  id: TopicId;
  group: TopicGroup;
  title: string;
  description: string;
  questions: string[];
}

export interface ArticleSummary {
  id: ArticleId;
  categoryId: CategoryId;
  title: string;
  preview: string;
  minutes: number;
}

export interface LibraryCategory {
  id: CategoryId;
  title: string;
  description: string;
  articles: ArticleSummary[];
}

export interface LibraryArticle extends Article, ArticleSummary {}

async function loadFile<T>(files: Record<string, () => Promise<T>>, path: string): Promise<T> {
  const load = files[path];
  if (!load) throw new Error(`Missing content file ${path}`);
  return load();
}

export function loadTopics(language: Language): Promise<Topic[]> {
  return cached(`topics/${language}`, async () => {
    const texts = await loadFile(topicFiles, `../../../content/topics/${language}.json`);
    return TOPIC_IDS.map((id) => {
      const text = texts[id];
      if (!text) throw new Error(`Topic ${id} has no ${language} text`);
      return { id, group: topicGroupOf(id), ...text };
    });
  });
}

export function loadLibrary(language: Language): Promise<LibraryCategory[]> {
  return cached(`library/${language}`, async () => {
    const [texts, { default: index }] = await Promise.all([
      loadFile(categoryFiles, `../../../content/library/categories/${language}.json`),
      import('virtual:library-index'),
    ]);
    return LIBRARY_CATEGORIES.map((category) => {
      const text = texts[category.id];
      if (!text) throw new Error(`Category ${category.id} has no ${language} text`);
      const articles = category.articleIds.map((id) => {
        const summary = index[id];
        if (!summary) throw new Error(`Article ${id} is missing from the library`);
        return { id, categoryId: category.id, ...summary };
      });
      return { id: category.id, ...text, articles };
    });
  });
}

/** An article by its id alone (the category in the URL does not matter), or undefined. */
export function loadArticle(articleId: string): Promise<LibraryArticle | undefined> {
  return cached(`article/${articleId}`, async () => {
    const categoryId = categoryOfArticle(articleId);
    if (!categoryId) return undefined;
    const source = await loadFile(
      articleFiles,
      `../../../content/library/articles/${categoryId}/${articleId}.md`,
    );
    const article = parseArticle(source);
    return {
      id: articleId as ArticleId,
      categoryId,
      ...article,
      minutes: readingMinutes(article.paragraphs),
    };
  });
}
