import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute } from '@partak/domain/routes';
import { HttpError } from '../lib/http-error.ts';
import { DOCUMENT_HEADERS } from '../lib/security-headers.ts';
import { pageLanguage } from './page-language.ts';
import { findPrerenderedPages, type PrerenderedPages } from './prerendered-pages.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/**
 * The service worker's own policy: it governs what the worker may fetch (the precache and pages
 * come from this origin) and nothing else. Its script is revalidated on every update check, so a
 * new version is found as soon as it is deployed.
 */
const SERVICE_WORKER_HEADERS = {
  'cache-control': REVALIDATE,
  'content-security-policy': "default-src 'none'; connect-src 'self'; frame-ancestors 'none'",
};

/** Paths owned by the APIs: they never fall back to the web app. */
const API_PREFIXES = ['/api/', '/auth/'];

/**
 * Serves the built web app from `root`: content-hashed files under /assets/ are cached forever,
 * pages are revalidated on every load. A page is sent prerendered in the visitor's language when
 * the build has it (ADR 012), else as index.html for the client router to render; HTTP 200 for the
 * app's routes and 404 for the rest (with the app's own 404 page). Files are served precompressed
 * (brotli or gzip) when the build produced them.
 */
export async function serveSpa(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    index: false,
    redirect: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, sentPath) {
      // The file sent may be a precompressed twin (index.html.br): its headers are the original's.
      const filePath = sentPath.replace(/\.(?:br|gz)$/, '');
      const isAsset = filePath.startsWith(`${root}/assets/`);
      const isHtml = filePath.endsWith('.html');
      reply.header('cache-control', isAsset ? IMMUTABLE : isHtml ? REVALIDATE : SHORT);
      if (isHtml) reply.headers(DOCUMENT_HEADERS);
      if (filePath === `${root}/sw.js`) reply.headers(SERVICE_WORKER_HEADERS);
    },
  });

  const pages = await findPrerenderedPages(root);
  // The root is a folder to the static plugin; it is the home page to us.
  app.get('/', (request, reply) => sendPage(request, reply, pages));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
      !path.startsWith('/assets/');
    if (!wantsPage) return reply.send(new HttpError(404, 'not_found', 'Not found'));
    return sendPage(request, reply, pages);
  });
}

/**
 * A page: prerendered in the visitor's language when the build has it, else index.html. A query
 * string can change what a screen shows (say, `?tab=library`), so such a page is rendered in the
 * browser rather than hydrated from HTML that would not match it.
 */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  pages: PrerenderedPages,
): FastifyReply {
  const [path = '/', query] = request.url.split('?');
  const exists = matchRoute(path) !== undefined;
  const language = pageLanguage(request);
  const prerendered =
    query === undefined
      ? exists
        ? pages.page(path, language)
        : pages.notFound(language)
      : undefined;
  reply
    .code(exists ? 200 : 404)
    .headers(DOCUMENT_HEADERS)
    .header('cache-control', REVALIDATE)
    // The same address is sent in another language to another visitor.
    .header('vary', 'Cookie, Accept-Language, Accept-Encoding');
  if (prerendered) reply.header('content-language', language);
  return reply.sendFile(prerendered ?? 'index.html');
}
