import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Plugin } from 'vite';
import { parseArticle, readingMinutes } from '@partak/domain/library';

const MODULE_ID = 'virtual:library-index';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * `virtual:library-index`: every article's title, preview and reading time, read from
 * content/library/articles at build time. Lists need only this; an article's body is fetched when
 * it is opened. A malformed article fails the build.
 */
export function libraryIndex(articlesDir: string): Plugin {
  return {
    name: 'partak:library-index',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const files = (await readdir(articlesDir, { recursive: true })).filter((f) =>
        f.endsWith('.md'),
      );
      const index: Record<string, { title: string; preview: string; minutes: number }> = {};
      for (const file of files.sort()) {
        const path = join(articlesDir, file);
        this.addWatchFile(path);
        const { title, preview, paragraphs } = parseArticle(await readFile(path, 'utf8'));
        index[basename(file, '.md')] = { title, preview, minutes: readingMinutes(paragraphs) };
      }
      return `export default ${JSON.stringify(index)};`;
    },
  };
}
