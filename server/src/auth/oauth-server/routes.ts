import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { acceptFormBodies } from '../http/form-body.ts';
import { authorizeRoute } from './authorize.ts';
import { consentRoutes } from './consent.ts';
import { requireOAuthServer } from './enabled.ts';
import { grantRoutes } from './grants.ts';
import { authorizationServerMetadataRoute, openIdConfigurationRoute } from './metadata.ts';
import { registerRoute } from './register.ts';
import { tokenRoute } from './token.ts';
import { userInfoRoute } from './userinfo.ts';

/**
 * The OAuth 2.1 authorization server's public routes (GoTrue's /oauth group and friends): a
 * plugin whose hook answers GoTrue's 404 `feature_disabled` while AUTH_OAUTH_SERVER_ENABLED is
 * off, before anything else (rate limits, tokens) is looked at. The grants (/user/oauth/grants)
 * check the signed-in user first, as GoTrue's /user group does; the OpenID discovery document is
 * always served. The admin API's client routes are in admin-clients.ts.
 */
export function oauthServerRoutes(context: AuthContext) {
  return async (app: FastifyInstance) => {
    openIdConfigurationRoute(app, context);
    grantRoutes(app, context);
    await app.register(async (server) => {
      server.addHook('onRequest', async () => requireOAuthServer(context));
      // Codes, tokens and handles travel in these answers: nothing on the way may keep them.
      server.addHook('onSend', async (_request, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });
      authorizationServerMetadataRoute(server, context);
      registerRoute(server, context);
      authorizeRoute(server, context);
      consentRoutes(server, context);
      userInfoRoute(server, context);
      await server.register(async (tokens) => {
        acceptFormBodies(tokens);
        tokenRoute(tokens, context);
      });
    });
  };
}
