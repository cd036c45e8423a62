import { z } from 'zod/mini';
import { FigureSchema, renderFigures, type Figures } from './figures.ts';
import { SUPPORTED_LANGUAGES, type Language } from './languages.ts';
import { articlePath, LIBRARY_CATEGORIES, parseArticle, type Article } from './library.ts';

/** One article of content/library in one language, its figures written out. */
export interface LibrarySource {
  categoryId: string;
  articleId: string;
  language: Language;
  article: Article;
}

/** Reads a file of content/library by its relative path; undefined when there is none. */
export type LibraryFileReader = (path: string) => Promise<string | undefined>;

/** figures.json, checked: a malformed figure must stop a build or a start, not ship. */
export async function readFigures(read: LibraryFileReader): Promise<Figures> {
  const raw = await read('figures.json');
  return raw ? z.record(z.string(), FigureSchema).parse(JSON.parse(raw)) : {};
}

/**
 * Every article of the library in Czech and in each translation that exists, the way the server's
 * mentor and the web build both read it (the file access is theirs: `read`). A missing Czech
 * article, a malformed one or an unknown figure throws.
 */
export async function readLibrary(read: LibraryFileReader): Promise<LibrarySource[]> {
  const figures = await readFigures(read);
  const sources: LibrarySource[] = [];
  for (const category of LIBRARY_CATEGORIES) {
    for (const articleId of category.articleIds) {
      for (const language of SUPPORTED_LANGUAGES) {
        const path = articlePath(category.id, articleId, language);
        const text = await read(path);
        if (text === undefined) {
          if (language === 'cs') throw new Error(`The library misses ${path}`);
          continue;
        }
        const article = parseArticle(renderFigures(text, figures, language));
        sources.push({ categoryId: category.id, articleId, language, article });
      }
    }
  }
  return sources;
}
