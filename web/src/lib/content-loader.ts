/**
 * The one way into content/: topics, library categories and articles. Everything is fetched on
 * demand as its own file, so no screen carries content it does not show. It needs no data library,
 * so the home route can use it too; all other data goes through TanStack Query (decision 021).
 */
import { checkedOn, renderFigures, type Figures } from '@partak/domain/figures';
import { DEFAULT_LANGUAGE, type Language } from '@partak/domain/languages';
import {
  articlePath,
  categoryOfArticle,
  LIBRARY_CATEGORIES,
  parseArticle,
  readingMinutes,
  type Article,
  type ArticleId,
  type CategoryId,
} from '@partak/domain/library';
import { TOPIC_IDS, topicGroupOf, type TopicGroup, type TopicId } from '@partak/domain/topics';
import type LibraryIndexOfCs from 'virtual:library-index/cs';
import { cached } from './cached.ts';

type TopicTexts = Record<string, { title: string; description: string; questions: string[] }>;
type CategoryTexts = Record<string, { title: string; description: string }>;

const topicFiles = import.meta.glob<TopicTexts>('../../../content/topics/[a-z][a-z].json', {
  import: 'default',
});
const categoryFiles = import.meta.glob<CategoryTexts>(
  '../../../content/library/categories/*.json',
  {
    import: 'default',
  },
);
/** Every article and translation, keyed by `../../../content/library/<articlePath>`. */
const articleFiles = import.meta.glob<string>(
  ['../../../content/library/articles/*/*.md', '../../../content/library/translations/*/*/*.md'],
  { query: '?raw', import: 'default' },
);
const articleFile = (categoryId: CategoryId, articleId: string, language: Language) =>
  articleFiles[`../../../content/library/${articlePath(categoryId, articleId, language)}`];
/** Each language's article summaries, as their own small module (build/library-index.ts). */
const libraryIndexes: Record<Language, () => Promise<{ default: typeof LibraryIndexOfCs }>> = {
  cs: () => import('virtual:library-index/cs'),
  en: () => import('virtual:library-index/en'),
  de: () => import('virtual:library-index/de'),
  es: () => import('virtual:library-index/es'),
};

const figuresFile = () =>
  import('../../../content/library/figures.json').then((m) => m.default as Figures);

/** The figures of Czech law (rates, thresholds, dates), for the calculators. */
export const loadFigures = () => cached('figures', figuresFile);

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
  /** The language this text is in: the reader's where a translation exists, else Czech. */
  language: Language;
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

export interface LibraryArticle extends Article, ArticleSummary {
  /** When its figures (amounts, thresholds, deadlines) were last checked: the oldest check. */
  checkedOn: string | undefined;
}

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
      libraryIndexes[language](),
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

const relatedFile = () =>
  import('../../../content/topics/related-articles.json').then(
    (m) => m.default as Record<string, { articles: string[]; uncovered?: number[] }>,
  );

/**
 * The library articles that answer a topic's starter questions (content/topics/related-articles.json,
 * checked by content-integrity.test.ts), and whether some of its questions have none.
 */
export function loadTopicArticles(
  topicId: TopicId,
  language: Language,
): Promise<{ articles: ArticleSummary[]; someUncovered: boolean }> {
  return cached(`topic-articles/${topicId}/${language}`, async () => {
    const [related, library] = await Promise.all([relatedFile(), loadLibrary(language)]);
    const all = new Map(library.flatMap((category) => category.articles).map((a) => [a.id, a]));
    const entry = related[topicId];
    return {
      articles: (entry?.articles ?? []).flatMap((id) => all.get(id as ArticleId) ?? []),
      someUncovered: (entry?.uncovered ?? []).length > 0,
    };
  });
}

/**
 * An article by its id alone (the category in the URL does not matter), in `language` where it
 * is translated and in Czech otherwise, with its figures written out; undefined for an unknown id.
 */
export function loadArticle(
  articleId: string,
  language: Language,
): Promise<LibraryArticle | undefined> {
  return cached(`article/${articleId}/${language}`, async () => {
    const categoryId = categoryOfArticle(articleId);
    if (!categoryId) return undefined;
    const textLanguage = articleFile(categoryId, articleId, language) ? language : DEFAULT_LANGUAGE;
    const file = articleFile(categoryId, articleId, textLanguage);
    if (!file) throw new Error(`Article ${articleId} is missing from the library`);
    const [source, figures] = await Promise.all([file(), figuresFile()]);
    const article = parseArticle(renderFigures(source, figures, textLanguage));
    return {
      id: articleId as ArticleId,
      categoryId,
      language: textLanguage,
      ...article,
      minutes: readingMinutes(article.paragraphs),
      checkedOn: checkedOn(source, figures),
    };
  });
}

/**
 * Fetches everything the topics and the library show in `language` (each article in its text
 * language), so that they open with no connection: the service worker keeps what is fetched. One
 * article at a time, as it runs in idle time beside whatever the user does; `signal` stops it
 * between two articles.
 */
export async function prefetchContent(language: Language, signal?: AbortSignal): Promise<void> {
  const [library] = await Promise.all([
    loadLibrary(language),
    loadTopics(language),
    relatedFile(),
    figuresFile(),
  ]);
  for (const category of library) {
    for (const article of category.articles) {
      if (signal?.aborted) return;
      await articleFile(category.id, article.id, article.language)?.();
    }
  }
}
