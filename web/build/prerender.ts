/**
 * Prerenders every page with a fixed address, in every language, after `vite build` (ADR 012):
 * the app is built once more for Node, each page is rendered as a first-time visitor sees it, and
 * written as dist/pages/<language>/<path>.html with its compressed twins. The server sends the
 * page in the visitor's language; the browser paints it before any script runs, then hydrates it.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { prerenderedPageFile } from '@partak/domain/routes';
import type * as RenderPage from '../src/prerender/render-page.tsx';
import { BOOT_SCRIPT } from './boot-script.ts';
import { InlineStyles } from './inline-styles.ts';
import { pageDocument, type Manifest } from './page-document.ts';
import { writeCompressedTwins } from './precompress.ts';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = join(web, 'dist');
// Inside node_modules, so the built module finds react and the rest the usual way.
const serverBuild = join(web, 'node_modules/.cache/prerender');

type Renderer = typeof RenderPage;

async function buildRenderer(): Promise<Renderer> {
  await rm(serverBuild, { recursive: true, force: true });
  await build({
    root: web,
    configFile: join(web, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender/render-page.tsx',
      outDir: serverBuild,
      emptyOutDir: true,
      copyPublicDir: false,
    },
  });
  return (await import(pathToFileURL(join(serverBuild, 'render-page.js')).href)) as Renderer;
}

const pageFile = (language: string, path: string) =>
  join(dist, prerenderedPageFile(language, path));

async function prerender(): Promise<void> {
  const started = performance.now();
  const renderer = await buildRenderer();
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    await readFile(join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;

  const styles = new InlineStyles();
  const pages = [];
  for (const language of renderer.SUPPORTED_LANGUAGES) {
    for (const path of renderer.pagePaths()) {
      const page = await renderer.renderPage(path, language);
      pages.push({ path, language, page: { ...page, html: styles.extract(page.html) } });
    }
  }
  const boot = `assets/boot-${createHash('sha256').update(BOOT_SCRIPT).digest('hex').slice(0, 8)}.js`;
  await writeFile(join(dist, boot), BOOT_SCRIPT);

  const css = styles.stylesheet();
  const stylesheet = `assets/prerendered-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
  await writeFile(join(dist, stylesheet), css);

  const written = [join(dist, stylesheet), join(dist, boot)];
  for (const { path, language, page } of pages) {
    const file = pageFile(language, path);
    const extraStyles = InlineStyles.used(page.html) ? [stylesheet] : [];
    await mkdir(dirname(file), { recursive: true });
    await writeFile(
      file,
      pageDocument({ template, manifest, renderer, path, language, page, extraStyles, boot }),
    );
    written.push(file);
  }
  await Promise.all(written.map((file) => writeCompressedTwins(file, true)));
  // Neither the Node build nor the manifest is ever served.
  await rm(serverBuild, { recursive: true, force: true });
  await rm(join(dist, '.vite'), { recursive: true, force: true });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`prerendered ${pages.length} pages in ${seconds} s`);
}

await prerender();
