import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Plugin } from 'vite';
import { renderFigures, type Figures } from '@partak/domain/figures';
import { isLanguage, type Language } from '@partak/domain/languages';
import { parseArticle, readingMinutes } from '@partak/domain/library';

const MODULE_ID = 'virtual:library-index';
const RESOLVED_ID = `\0${MODULE_ID}`;

interface Summary {
  title: string;
  preview: string;
  minutes: number;
}

/**
 * `virtual:library-index`: every article's title, preview and reading time in every language it
 * exists in (`{ cs: { [articleId]: … }, en: … }`), read from content/library at build time. Lists
 * need only this; an article's body is fetched when it is opened. A malformed article or an
 * unknown figure fails the build.
 */
export function libraryIndex(libraryDir: string): Plugin {
  return {
    name: 'partak:library-index',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const figuresPath = join(libraryDir, 'figures.json');
      this.addWatchFile(figuresPath);
      const figures = JSON.parse(await readFile(figuresPath, 'utf8')) as Figures;
      const index: Partial<Record<Language, Record<string, Summary>>> = {};
      const read = async (dir: string, language: Language) => {
        const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.md'));
        for (const file of files.sort()) {
          const path = join(dir, file);
          this.addWatchFile(path);
          const source = renderFigures(await readFile(path, 'utf8'), figures, language);
          const { title, preview, paragraphs } = parseArticle(source);
          (index[language] ??= {})[basename(file, '.md')] = {
            title,
            preview,
            minutes: readingMinutes(paragraphs),
          };
        }
      };
      await read(join(libraryDir, 'articles'), 'cs');
      for (const entry of await readdir(join(libraryDir, 'translations'))) {
        if (isLanguage(entry)) await read(join(libraryDir, 'translations', entry), entry);
      }
      return `export default ${JSON.stringify(index)};`;
    },
  };
}
