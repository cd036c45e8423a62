import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { isLanguage, type Language } from '@partak/domain/languages';
import { readingMinutes } from '@partak/domain/library';
import { readLibrary, type LibrarySource } from '@partak/domain/library-sources';

const MODULE_PREFIX = 'virtual:library-index/';
const RESOLVED_PREFIX = `\0${MODULE_PREFIX}`;

/** What a list shows of an article: in the reader's language where translated, else Czech. */
interface Summary {
  title: string;
  preview: string;
  minutes: number;
  language: Language;
}

/**
 * `virtual:library-index/<lang>`: every article's title, preview and reading time for a reader of
 * that language (`{ [articleId]: … }`), read from content/library at build time; the Czech text
 * stands in where there is no translation. Lists need only this, and only their own language's;
 * an article's body is fetched when it is opened. A malformed article or an unknown figure fails
 * the build.
 */
export function libraryIndex(libraryDir: string): Plugin {
  let library: Promise<LibrarySource[]> | undefined;
  return {
    name: 'partak:library-index',
    buildStart() {
      library = undefined;
    },
    watchChange(file) {
      if (file.startsWith(libraryDir)) library = undefined;
    },
    resolveId(id) {
      const language = id.startsWith(MODULE_PREFIX) ? id.slice(MODULE_PREFIX.length) : '';
      return isLanguage(language) ? `${RESOLVED_PREFIX}${language}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const language = id.slice(RESOLVED_PREFIX.length) as Language;
      library ??= readLibrary(async (path) => {
        const file = join(libraryDir, path);
        try {
          const text = await readFile(file, 'utf8');
          this.addWatchFile(file);
          return text;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
          throw error;
        }
      });
      const index: Record<string, Summary> = {};
      for (const { articleId, language: textLanguage, article } of await library) {
        if (textLanguage !== language && (textLanguage !== 'cs' || index[articleId])) continue;
        index[articleId] = {
          title: article.title,
          preview: article.preview,
          minutes: readingMinutes(article.paragraphs),
          language: textLanguage,
        };
      }
      return `export default ${JSON.stringify(index)};`;
    },
  };
}
