import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy allows scripts, styles and connections only from our own origin: no
 * inline script and no `eval`, so an injected string can never run as code. Images may also be
 * `data:` URLs (icons, QR codes).
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Cross-origin isolation is not needed and would block OAuth popups.
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
};

/**
 * Asks helmet for its headers once. Our policy has no per-request parts (no nonces), so the set is
 * the same for every page; running helmet's middleware chain per request cost about a third of the
 * server's throughput on small responses (see `npm run bench`).
 */
function computeDocumentHeaders(): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response, () => undefined);
  headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  return Object.fromEntries(headers);
}

const { 'strict-transport-security': helmetHsts, ...documentHeaders } = computeDocumentHeaders();

/**
 * Headers for HTML pages: the full set, with the document Content-Security-Policy. HSTS is not
 * among them: it is sent only on requests that came over https (below).
 */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = documentHeaders;

/**
 * Strict-Transport-Security, for requests that arrived over https — through a proxy the server
 * trusts (TRUST_PROXY) saying so in X-Forwarded-Proto. Over plain http it means nothing to a
 * browser, and a server reached by IP on a LAN must not pin itself to https.
 */
const HSTS = helmetHsts ?? 'max-age=31536000; includeSubDomains';

/**
 * Headers for every other response (JSON, scripts, styles, images). A policy of `default-src
 * 'none'` means that such a response, opened as a page, can run and load nothing (the OWASP advice
 * for APIs); the rest stop MIME sniffing, framing and cross-site reads.
 */
const BASE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * Security headers on every response, 404s and errors included; HTML pages get
 * DOCUMENT_HEADERS on top where they are sent (see spa/serve-spa.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: this runs on every request, and the promise costs.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(BASE_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
