/**
 * The home route's first-load budget: the gzip size of every JavaScript and CSS file that the
 * home page (prerendered, in Czech) makes the browser load to show and start the app (the boot
 * script, the entry module it starts, modulepreloads and stylesheets), measured on the `.gz`
 * files the build wrote and the server sends. Lazy
 * chunks are not counted: they load when a screen needs them. KB here is 1,024 bytes.
 * Run after `npm run build`; exits 1 when a budget is exceeded.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stat } from 'node:fs/promises';

const DIST = join(import.meta.dirname, '..', 'web', 'dist');
const KB = 1024;
const BUDGET = { js: 100 * KB, css: 15 * KB };

const html = await readFile(join(DIST, 'pages', 'cs', 'index.html'), 'utf8');
const urls = [
  ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
  ...html.matchAll(/<script[^>]*\bdata-main="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="([^"]+)"/g),
].map((match) => match[1] ?? '');

/**
 * Code that only later screens need, by a string its minified build always keeps: none of it may
 * reach the first load (the data layer loads lazily, never on the home route: ADR 002, 011).
 */
const LATER_ONLY = {
  'TanStack Query': 'No QueryClient set',
  'the API client (lib/api-client.ts)': 'ApiError',
  zod: 'ZodError',
};

const totals = { js: 0, css: 0 };
const rows: string[] = [];
const misplaced: string[] = [];
for (const url of new Set(urls)) {
  const kind = url.endsWith('.css') ? 'css' : url.endsWith('.js') ? 'js' : undefined;
  if (!kind) continue;
  const bytes = (await stat(join(DIST, `${url}.gz`))).size;
  totals[kind] += bytes;
  rows.push(`  ${url.padEnd(48)} ${(bytes / KB).toFixed(1).padStart(7)} KB`);
  if (kind === 'js') {
    const code = await readFile(join(DIST, url), 'utf8');
    for (const [name, marker] of Object.entries(LATER_ONLY)) {
      if (code.includes(marker)) misplaced.push(`${name} is in ${url}`);
    }
  }
}

console.log('Home route, first load (gzip):');
console.log(rows.join('\n'));
let failed = false;
for (const kind of ['js', 'css'] as const) {
  const ok = totals[kind] <= BUDGET[kind];
  failed ||= !ok;
  console.log(
    `${kind.toUpperCase().padEnd(4)} ${(totals[kind] / KB).toFixed(1)} KB of ${BUDGET[kind] / KB} KB ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
}
for (const problem of misplaced) console.log(`NOT ALLOWED ON THE HOME ROUTE: ${problem}`);
failed ||= misplaced.length > 0;
if (urls.length === 0) {
  console.error('the home page references no script: is web/dist a real build?');
  failed = true;
}
process.exit(failed ? 1 : 0);
