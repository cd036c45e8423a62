import type { FastifyInstance } from 'fastify';
import { AuthError } from '../http/auth-error.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * /sso and everything under it (supabase-js `signInWithSSO`, the SAML metadata and ACS): this
 * server has no SAML, so each answers as GoTrue does with SAML off — its `requireSAMLEnabled`
 * guards the whole /sso router, whatever the method, path or body. Refused on request, so not
 * even a body it could not parse (an ACS form post) comes first.
 */
export function ssoRoutes(app: FastifyInstance): void {
  const refuse = async () => {
    throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  };
  for (const url of ['/sso', '/sso/*']) {
    app.route({ method: [...METHODS], url, onRequest: refuse, handler: refuse });
  }
}
