/**
 * Keeps the project's knowledge inside the repository: no file may point at documents a clone
 * does not have (the old design notes, product spec and auth contract kept beside the project),
 * and every link to a document of ours must resolve — a relative Markdown link from a `.md`
 * file, or a `docs/….md` path named in any file — including its `#anchor`.
 * `node scripts/check-doc-links.ts` prints what is wrong; scripts/check-doc-links.test.ts runs
 * it with the unit tests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Names of documents that live outside the repository; a reference to one is an error. */
const OUTSIDE_DOCUMENTS: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\.\.\/shared\b/, what: 'a path outside the repository (../shared)' },
  { pattern: /\bDESIGN(?:\.md)?\s*§|\bDESIGN\.md\b/, what: 'the design notes (DESIGN.md)' },
  { pattern: /\bproduct-spec\b|\bspec\s+§/, what: 'the product spec' },
  { pattern: /\bauth-api-contract\b|\bcontract\s+§/, what: 'the auth contract' },
  { pattern: /\bmentor-voice\.md\b|\bhouse-style\.md\b/, what: 'a reference document' },
];

/** Folders never read: dependencies, builds, test output, local data. */
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  '.git',
  'data',
  'test-results',
  'playwright-report',
]);

const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.js',
  '.mjs',
  '.md',
  '.json',
  '.sql',
  '.html',
  '.css',
  '.yml',
  '.yaml',
  '.txt',
]);

/** This checker and its test name the forbidden references themselves. */
const SELF = new Set(['scripts/check-doc-links.ts', 'scripts/check-doc-links.test.ts']);

export interface Problem {
  /** Repository-relative path of the file. */
  file: string;
  line: number;
  message: string;
}

/** Every text file of the repository, as repository-relative paths with `/`. */
export function repositoryFiles(root = REPOSITORY_ROOT): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (entry.isFile() && TEXT_EXTENSIONS.has(extname(entry.name))) {
        files.push(relative(root, path).split('\\').join('/'));
      }
    }
  };
  walk(root);
  return files.sort();
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown document offers: one per heading (repeats numbered as GitHub does). */
export function documentAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = headingAnchor(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** References to outside documents in a file's text, one problem per line and kind. */
export function outsideReferences(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  text.split('\n').forEach((content, index) => {
    for (const { pattern, what } of OUTSIDE_DOCUMENTS) {
      if (pattern.test(content)) {
        problems.push({ file, line: index + 1, message: `refers to ${what}` });
      }
    }
  });
  return problems;
}

interface Target {
  line: number;
  /** The path as written, before its anchor. */
  path: string;
  anchor: string | undefined;
  /** Where the path resolves to, absolute. */
  resolved: string;
}

/** A URL with a scheme, or a path on the site (`/library/…`): not a file of the repository. */
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/)/i;

/**
 * The document links of a file: in Markdown, every inline link to a relative path (or to an
 * anchor of the same page); in any file, every `docs/….md` path, which is read from the root.
 */
export function linkTargets(root: string, file: string, text: string): Target[] {
  const targets: Target[] = [];
  const add = (line: number, href: string, base: string) => {
    const [path = '', anchor] = href.split('#');
    targets.push({
      line,
      path,
      anchor,
      resolved: path === '' ? join(root, file) : join(base, path),
    });
  };
  const isMarkdown = file.endsWith('.md');
  let fenced = false;
  text.split('\n').forEach((content, index) => {
    const line = index + 1;
    if (isMarkdown && /^\s*(```|~~~)/.test(content)) fenced = !fenced;
    if (isMarkdown && !fenced) {
      for (const match of content.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const href = match[1] ?? '';
        if (!EXTERNAL.test(href)) add(line, href, join(root, dirname(file)));
      }
    }
    if (!isMarkdown) {
      for (const match of content.matchAll(/(?<![\w./-])docs\/[\w./-]*\.md(?:#[\w-]+)?/g)) {
        add(line, match[0], root);
      }
    }
  });
  return targets;
}

/** Links of `file` whose document or anchor does not exist. */
export function brokenLinks(root: string, file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  for (const target of linkTargets(root, file, text)) {
    const label = target.anchor === undefined ? target.path : `${target.path}#${target.anchor}`;
    if (!existsSync(target.resolved)) {
      problems.push({
        file,
        line: target.line,
        message: `links to ${label}, which does not exist`,
      });
      continue;
    }
    if (
      !target.anchor ||
      !target.resolved.endsWith('.md') ||
      statSync(target.resolved).isDirectory()
    ) {
      continue;
    }
    const anchors = documentAnchors(readFileSync(target.resolved, 'utf8'));
    if (!anchors.has(target.anchor)) {
      problems.push({ file, line: target.line, message: `links to ${label}: no such heading` });
    }
  }
  return problems;
}

/** Everything wrong in the repository at `root`. */
export function checkDocLinks(root = REPOSITORY_ROOT): Problem[] {
  return repositoryFiles(root)
    .filter((file) => !SELF.has(file))
    .flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return [...outsideReferences(file, text), ...brokenLinks(root, file, text)];
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkDocLinks();
  for (const { file, line, message } of problems) console.error(`${file}:${line}: ${message}`);
  if (problems.length > 0) process.exit(1);
  console.log('Every document link resolves, and none leaves the repository.');
}
