import type { FastifyInstance } from 'fastify';
import { AuthError } from '../auth-error.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * /sso and everything under it (supabase-js `signInWithSSO`, the SAML metadata and ACS): this
 * server has no SAML, so each answers as GoTrue does with SAML off — its `requireSAMLEnabled`
 * guards the whole /sso router, whatever the method or path.
 */
export function ssoRoutes(app: FastifyInstance): void {
  const handler = async () => {
    throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  };
  app.route({ method: [...METHODS], url: '/sso', handler });
  app.route({ method: [...METHODS], url: '/sso/*', handler });
}
