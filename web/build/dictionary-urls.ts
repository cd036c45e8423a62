import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const MODULE_ID = 'virtual:dictionary-urls';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * `virtual:dictionary-urls`: the URL of every dictionary (content/locales/<language>/<namespace>.json),
 * each emitted as a content-hashed file by Vite's `?url` import — a bare list of URLs, since the
 * language and the namespace are in each URL already. It is part of the home route's first load,
 * where keys beside the URLs (`import.meta.glob`'s object) cost ~0.3 KB of the budget.
 */
export function dictionaryUrls(localesDir: string): Plugin {
  return {
    name: 'partak:dictionary-urls',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const files: string[] = [];
      for (const language of (await readdir(localesDir)).sort()) {
        for (const file of (await readdir(join(localesDir, language))).sort()) {
          if (file.endsWith('.json')) files.push(join(localesDir, language, file));
        }
      }
      const imports = files.map((file, i) => `import u${i} from ${JSON.stringify(`${file}?url`)};`);
      return `${imports.join('\n')}\nexport default [${files.map((_, i) => `u${i}`).join(', ')}];`;
    },
  };
}
