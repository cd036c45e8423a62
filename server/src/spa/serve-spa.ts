import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute } from '@partak/domain/routes';
import { HttpError } from '../lib/http-error.ts';
import { DOCUMENT_HEADERS } from '../lib/security-headers.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/** Paths owned by the APIs: they never fall back to the web app. */
const API_PREFIXES = ['/api/', '/auth/'];

/**
 * Serves the built web app from `root`: content-hashed files under /assets/ are cached forever,
 * index.html is revalidated on every load, and any other path gets index.html so the client router
 * can render it, with HTTP 200 for the app's routes and 404 for the rest (the app then shows its own
 * 404 page). Files are served precompressed (brotli or gzip) when the build produced them.
 */
export async function serveSpa(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    index: false,
    redirect: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const isAsset = filePath.startsWith(`${root}/assets/`);
      const isHtml = filePath.endsWith('.html');
      reply.header('cache-control', isAsset ? IMMUTABLE : isHtml ? REVALIDATE : SHORT);
      if (isHtml) reply.headers(DOCUMENT_HEADERS);
    },
  });

  // The root is a folder to the static plugin; it is the home page to us.
  app.get('/', (_request, reply) => sendApp(reply, 200));
  app.setNotFoundHandler((request, reply) => notFound(request, reply));
}

function sendApp(reply: FastifyReply, status: number): FastifyReply {
  return reply
    .code(status)
    .headers(DOCUMENT_HEADERS)
    .header('cache-control', REVALIDATE)
    .sendFile('index.html');
}

function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? '/';
  const wantsPage =
    (request.method === 'GET' || request.method === 'HEAD') &&
    !API_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
    !path.startsWith('/assets/');
  if (!wantsPage) {
    return reply.send(new HttpError(404, 'not_found', 'Not found'));
  }
  return sendApp(reply, matchRoute(path) ? 200 : 404);
}
