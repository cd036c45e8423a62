import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '@partak/domain/languages';
import { NOT_FOUND_PAGE, prerenderedPageFile } from '@partak/domain/routes';

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
  const listed = await readdir(join(root, 'pages'), { recursive: true }).catch(() => []);
  const files = new Set(listed.map((file) => `pages/${file}`));
  const find = (file: string) => (files.has(file) ? file : undefined);
  return {
    page: (path, language) => find(prerenderedPageFile(language, path)),
    notFound: (language) => find(prerenderedPageFile(language, NOT_FOUND_PAGE)),
  };
}
