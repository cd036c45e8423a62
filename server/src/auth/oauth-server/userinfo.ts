import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { userInfo } from './claims.ts';
import { scopeList } from './scopes.ts';

/** GET /oauth/userinfo (OIDC Core §5.3): the caller's claims, as far as the token's scopes go. */
export function oauthUserInfoRoute(app: FastifyInstance, context: AuthContext): void {
  app.get('/oauth/userinfo', async (request) => {
    const { record, session } = await context.verifier.authenticate(request);
    return userInfo(record.user, scopeList(session.scopes));
  });
}
