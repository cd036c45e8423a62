import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { SUPPORTED_LANGUAGES, type Language } from '@partak/domain/languages';
import { href, NOT_FOUND_PAGE } from '@partak/domain/routes';
import { LIBRARY_CATEGORIES } from '@partak/domain/library';
import { TOPIC_IDS } from '@partak/domain/topics';
import { AppFrame } from '@/app/app.tsx';
import { i18n } from '@/i18n/i18n.ts';
import { initServerI18n, namespacesRead, startPage } from './server-i18n.ts';

/**
 * The prerender's entry (built for Node by build/prerender.ts, never shipped to the browser):
 * renders each page of the app as a first-time visitor sees it, in each language, so the text a
 * visitor sees first is in the HTML before any script runs.
 */

export { SUPPORTED_LANGUAGES };

/** Every page with a fixed address: the screens, each topic, category and article. */
export function pagePaths(): string[] {
  return [
    href('home'),
    href('topics'),
    ...TOPIC_IDS.map((topicId) => href('topic', { topicId })),
    href('chat'),
    href('library'),
    ...LIBRARY_CATEGORIES.flatMap((category) => [
      href('libraryCategory', { categoryId: category.id }),
      ...category.articleIds.map((articleId) =>
        href('libraryArticle', { categoryId: category.id, articleId }),
      ),
    ]),
    href('goals'),
    href('history'),
    href('analytics'),
    href('settings'),
    href('subscription'),
    href('profile'),
    href('notificationSettings'),
    href('tools'),
    href('review'),
    NOT_FOUND_PAGE,
  ];
}

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The dictionaries it read, to be preloaded. */
  namespaces: string[];
}

let ready: Promise<void> | undefined;

async function renderOnce(path: string, language: Language): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StaticRouter location={path}>
      <AppFrame />
    </StaticRouter>,
    // React outlines a large boundary (its fallback first, the content after it with an inline
    // script); a prerendered page must be whole.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  // A page that failed on the server would hydrate into something else: fail the build instead.
  if (errors.length > 0) {
    throw new Error(`Prerendering ${path} (${language}) failed`, { cause: errors[0] });
  }
  return new Response(prelude).text();
}

/** Renders one page, waiting for everything it suspends on (screens, content). One at a time. */
export async function renderPage(path: string, language: Language): Promise<RenderedPage> {
  await (ready ??= initServerI18n());
  await startPage(language);
  const html = await renderOnce(path, language);
  // A part streamed in later comes with an inline script, which the CSP would block.
  if (/<script|<template/.test(html)) {
    throw new Error(`Prerendering ${path} (${language}) left a part to stream in later`);
  }
  return { html, namespaces: namespacesRead() };
}

/** The page's meta description in `language`. */
export function description(language: Language): string {
  return i18n.getFixedT(language, 'common')('tagline');
}

export { dictionaryUrlNow as dictionaryUrl } from '@/i18n/dictionary-urls-now.ts';
export { matchRoute } from '@partak/domain/routes';
