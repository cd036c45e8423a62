import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '@partak/domain/languages';
import { numberedSteps } from '@partak/domain/library';
import { readLibrary } from '@partak/domain/library-sources';
import { href } from '@partak/domain/routes';

/** One article in one language, as the mentor reads it. */
export interface LibraryText {
  articleId: string;
  categoryId: string;
  language: Language;
  /** `/library/{category}/{article}`: where the reader opens it. */
  url: string;
  title: string;
  preview: string;
  keywords: string[];
  /** Plain-text paragraphs with every figure written out for this language. */
  paragraphs: string[];
  /** The steps of its numbered list, if it has one (a goal the mentor can offer). */
  steps: string[];
}

/** The library's root in this repository: content/library. */
export const LIBRARY_DIR = join(import.meta.dirname, '..', '..', '..', '..', 'content', 'library');

/**
 * Every article of the library in Czech and in each translation that exists. A malformed file or
 * an unknown figure stops the server's start: a broken library must not go unnoticed.
 */
export async function loadLibraryTexts(dir = LIBRARY_DIR): Promise<LibraryText[]> {
  const sources = await readLibrary(async (path) => {
    try {
      return await readFile(join(dir, path), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  });
  return sources.map(({ categoryId, articleId, language, article }) => ({
    articleId,
    categoryId,
    language,
    url: href('libraryArticle', { categoryId, articleId }),
    ...article,
    steps: numberedSteps(article.paragraphs),
  }));
}
