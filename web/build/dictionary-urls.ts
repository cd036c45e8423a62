import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const ALL = 'virtual:dictionary-urls';
const STARTUP = 'virtual:dictionary-urls/startup';

/**
 * `virtual:dictionary-urls`: the URL of every dictionary (content/locales/<language>/<namespace>.json),
 * each emitted as a content-hashed file by Vite's `?url` import — a bare list of URLs, since the
 * language and the namespace are in each URL already. `virtual:dictionary-urls/startup` is the
 * same for the namespaces every page starts with: only that one is part of the home route's
 * first load (each URL's hash costs bytes gzip cannot save), the full list loads when a screen
 * first needs a dictionary beyond them.
 */
export function dictionaryUrls(localesDir: string, startup: readonly string[]): Plugin {
  const module = async (only?: readonly string[]) => {
    const files: string[] = [];
    for (const language of (await readdir(localesDir)).sort()) {
      for (const file of (await readdir(join(localesDir, language))).sort()) {
        const namespace = file.replace(/\.json$/, '');
        if (file.endsWith('.json') && (!only || only.includes(namespace))) {
          files.push(join(localesDir, language, file));
        }
      }
    }
    const imports = files.map((file, i) => `import u${i} from ${JSON.stringify(`${file}?url`)};`);
    return `${imports.join('\n')}\nexport default [${files.map((_, i) => `u${i}`).join(', ')}];`;
  };
  return {
    name: 'partak:dictionary-urls',
    resolveId: (id) => (id === ALL || id === STARTUP ? `\0${id}` : undefined),
    load(id) {
      if (id === `\0${ALL}`) return module();
      if (id === `\0${STARTUP}`) return module(startup);
      return undefined;
    },
  };
}
