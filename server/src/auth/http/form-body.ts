import type { FastifyInstance } from 'fastify';

/**
 * Parses `application/x-www-form-urlencoded` bodies into an object of strings, on the plugin
 * scope it is called in only: Apple's form_post callback and OAuth clients' token requests
 * (RFC 6749 §4.1.3) send forms; every other route keeps accepting JSON alone, which a cross-site
 * form cannot send.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
}
