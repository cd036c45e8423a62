import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '@partak/domain/languages';

/** The prerendered pages of a build (web/build/prerender.ts): pages/<language>/<path>.html. */
export interface PrerenderedPages {
  /** The file (relative to the web root) of a page in a language, if the build has it. */
  page(path: string, language: Language): string | undefined;
  /** The 404 page in a language, if the build has it. */
  notFound(language: Language): string | undefined;
}

/**
 * Lists the prerendered pages once, at start: a request's path is only ever looked up in this
 * list, never joined into a file name, so no path can reach a file outside it.
 */
export async function findPrerenderedPages(root: string): Promise<PrerenderedPages> {
  const files = new Set(
    await readdir(join(root, 'pages'), { recursive: true }).catch(() => [] as string[]),
  );
  const find = (file: string) => (files.has(file) ? `pages/${file}` : undefined);
  return {
    page(path, language) {
      const name = path.replace(/\/+$/, '') || '/index';
      return find(`${language}${name}.html`);
    },
    notFound: (language) => find(`${language}/404.html`),
  };
}
