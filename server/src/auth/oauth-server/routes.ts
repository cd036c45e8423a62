import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { acceptFormBodies } from '../http/form-body.ts';
import { oauthAuthorizeRoute } from './authorize.ts';
import { oauthConsentRoutes } from './consent.ts';
import { requireOAuthServer } from './enabled.ts';
import { oauthGrantRoutes } from './grants.ts';
import { authorizationServerMetadataRoute, openIdConfigurationRoute } from './metadata.ts';
import { oauthClientRegisterRoute } from './register.ts';
import { oauthTokenRoute } from './token.ts';
import { oauthUserInfoRoute } from './userinfo.ts';

/**
 * The OAuth 2.1 authorization server's public routes (GoTrue's /oauth group and friends): a
 * scope whose hook answers GoTrue's 404 `feature_disabled` while AUTH_OAUTH_SERVER_ENABLED is
 * off, before anything else (rate limits, tokens) is looked at. The grants (/user/oauth/grants)
 * check the signed-in user first, as GoTrue's /user group does; the OpenID discovery document is
 * always served. The admin API's client routes are in admin-clients.ts.
 */
export function oauthServerRoutes(app: FastifyInstance, context: AuthContext): void {
  openIdConfigurationRoute(app, context);
  oauthGrantRoutes(app, context);
  void app.register(async (server) => {
    server.addHook('onRequest', async () => requireOAuthServer(context));
    // Codes, tokens and handles travel in these answers: nothing on the way may keep them.
    server.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
    authorizationServerMetadataRoute(server, context);
    oauthClientRegisterRoute(server, context);
    oauthAuthorizeRoute(server, context);
    oauthConsentRoutes(server, context);
    oauthUserInfoRoute(server, context);
    await server.register(async (tokens) => {
      acceptFormBodies(tokens);
      oauthTokenRoute(tokens, context);
    });
  });
}
