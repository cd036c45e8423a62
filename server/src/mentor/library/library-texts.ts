import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FigureSchema, renderFigures, type Figures } from '@partak/domain/figures';
import { SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';
import { LIBRARY_CATEGORIES, numberedSteps, parseArticle } from '@partak/domain/library';
import { href } from '@partak/domain/routes';
import { z } from 'zod/mini';

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

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function readFigures(dir: string): Promise<Figures> {
  const raw = await readIfPresent(join(dir, 'figures.json'));
  return raw ? z.record(z.string(), FigureSchema).parse(JSON.parse(raw)) : {};
}

/**
 * Every article of the library in Czech and in each translation that exists
 * (content/library/translations/<lang>/…). A malformed file or an unknown figure stops the
 * server's start: a broken library must not go unnoticed.
 */
export async function loadLibraryTexts(dir = LIBRARY_DIR): Promise<LibraryText[]> {
  const figures = await readFigures(dir);
  const texts: LibraryText[] = [];
  for (const category of LIBRARY_CATEGORIES) {
    for (const articleId of category.articleIds) {
      for (const language of SUPPORTED_LANGUAGES) {
        const path =
          language === 'cs'
            ? join(dir, 'articles', category.id, `${articleId}.md`)
            : join(dir, 'translations', language, category.id, `${articleId}.md`);
        const source = await readIfPresent(path);
        if (source === undefined) {
          if (language === 'cs') throw new Error(`The library misses ${path}`);
          continue;
        }
        const article = parseArticle(renderFigures(source, figures, language));
        texts.push({
          articleId,
          categoryId: category.id,
          language,
          url: href('libraryArticle', { categoryId: category.id, articleId }),
          ...article,
          steps: numberedSteps(article.paragraphs),
        });
      }
    }
  }
  return texts;
}
