/**
 * One prerendered page as a whole HTML document: the built index.html with the page's language,
 * title and description, the rendered markup in #root, and preload links for the dictionaries it
 * read, so hydrating it does not wait for the main script to ask for them.
 */

import { NOT_FOUND_PAGE } from '@partak/domain/routes';
import { ENTRY_SCRIPT } from './boot-script.ts';

/** Vite's build manifest (build.manifest), the parts used here. */
export type Manifest = Record<
  string,
  { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
>;

interface Renderer {
  matchRoute(path: string): string | undefined;
  dictionaryUrl(language: string, namespace: string): string | undefined;
  description(language: string): string;
}

interface PageInput {
  template: string;
  manifest: Manifest;
  renderer: Renderer;
  path: string;
  language: string;
  page: { html: string; namespaces: string[] };
  /** Stylesheets of the prerender itself (see inline-styles.ts). */
  extraStyles: string[];
  /** The boot script (boot-script.ts), which starts the entry module after the first paint. */
  boot: string;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The screen's module (src/app/routes/<name>.tsx), as the manifest names it. */
function screenModule(renderer: Renderer, path: string): string | undefined {
  if (path === NOT_FOUND_PAGE) return 'src/app/routes/not-found.tsx';
  const route = renderer.matchRoute(path);
  return route && route !== 'home' ? `src/app/routes/${kebab(route)}.tsx` : undefined;
}

/** The stylesheets a chunk and everything it imports statically need, minus the entry's. */
function chunkStyles(manifest: Manifest, key: string): string[] {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const loaded = new Set([entry?.file, ...(entry?.css ?? [])]);
  const visited = new Set<string>();
  const styles = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || loaded.has(chunk.file) || visited.has(chunk.file)) return;
    visited.add(chunk.file);
    for (const css of chunk.css ?? []) if (!loaded.has(css)) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...styles];
}

function preloadLinks(input: PageInput): string[] {
  const { manifest, renderer, path, language, page, extraStyles } = input;
  const module = screenModule(renderer, path);
  const styles = module ? chunkStyles(manifest, module) : [];
  const dictionaries = page.namespaces.flatMap(
    (namespace) => renderer.dictionaryUrl(language, namespace) ?? [],
  );
  // The screen's scripts are not preloaded: measured with Lighthouse (ADR 012), fetching them
  // beside the page's own script and stylesheet delayed its first paint more (LCP on /chat
  // 2.3 s with them, 1.6 s without) than they sped up hydration.
  return [
    ...[...styles, ...extraStyles].map((file) => `<link rel="stylesheet" href="/${file}" />`),
    // `crossorigin` makes the preload match the dictionary backend's fetch() (CORS mode).
    ...dictionaries.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}" />`),
  ];
}

/** React writes a page's <title> (DocumentTitle) at the start of its markup: it belongs in <head>. */
function splitTitle(html: string): { title: string | undefined; body: string } {
  const match = /^<title>([^<]*)<\/title>/.exec(html);
  return match
    ? { title: match[1], body: html.slice(match[0].length) }
    : { title: undefined, body: html };
}

export function pageDocument(input: PageInput): string {
  const { template, renderer, language, page } = input;
  const { title, body } = splitTitle(page.html);
  const replaceOnce = (document: string, pattern: RegExp, replacement: string) => {
    if (!pattern.test(document)) throw new Error(`index.html has no ${pattern.source}`);
    return document.replace(pattern, () => replacement);
  };
  let document = template;
  document = replaceOnce(document, /<html lang="[a-z]+">/, `<html lang="${language}">`);
  document = replaceOnce(
    document,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${escapeAttribute(renderer.description(language))}" />`,
  );
  if (title !== undefined)
    document = replaceOnce(document, /<title>[^<]*<\/title>/, `<title>${title}</title>`);
  const links = preloadLinks(input).map((link) => `\n    ${link}`);
  document = replaceOnce(document, /\s*<\/head>/, `${links.join('')}\n  </head>`);
  const entry = ENTRY_SCRIPT.exec(document)?.[1];
  if (!entry) throw new Error('index.html has no entry script');
  document = replaceOnce(
    document,
    ENTRY_SCRIPT,
    `<script defer src="/${input.boot}" data-main="${entry}"></script>`,
  );
  return replaceOnce(document, /<div id="root"><\/div>/, `<div id="root">${body}</div>`);
}
