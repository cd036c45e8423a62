import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { isUuid } from '../../lib/secure-random.ts';
import { listGrants, revokeGrant } from './authorizations-store.ts';
import { requireOAuthServer } from './enabled.ts';
import { firstPartyUser } from '../http/first-party.ts';
import { scopeList } from './scopes.ts';

/**
 * The signed-in user's grants to OAuth clients (GoTrue's /user/oauth/grants): which apps have
 * access and to what, and taking access back — which also signs the app out of every session it
 * holds for the user (its refresh tokens stop working at once).
 */
export function grantRoutes(app: FastifyInstance, context: AuthContext): void {
  app.get('/user/oauth/grants', async (request) => {
    const { record } = await firstPartyUser(context, request);
    requireOAuthServer(context);
    const rows = await listGrants(context.db, record.user.id);
    return rows.map(({ consent, client }) => ({
      client: {
        id: client.id,
        ...(client.clientName ? { name: client.clientName } : {}),
        ...(client.clientUri ? { uri: client.clientUri } : {}),
        ...(client.logoUri ? { logo_uri: client.logoUri } : {}),
      },
      scopes: scopeList(consent.scopes),
      granted_at: consent.grantedAt.toISOString(),
    }));
  });

  app.delete('/user/oauth/grants', async (request, reply) => {
    const { record } = await firstPartyUser(context, request);
    requireOAuthServer(context);
    const raw = (request.query as Record<string, unknown>).client_id;
    const clientId = Array.isArray(raw) ? raw[0] : raw;
    if (typeof clientId !== 'string' || clientId === '') {
      throw new AuthError(400, 'validation_failed', 'client_id query parameter is required');
    }
    if (!isUuid(clientId))
      throw new AuthError(400, 'validation_failed', 'invalid client_id format');
    if (!(await revokeGrant(context.db, record.user.id, clientId))) {
      throw new AuthError(404, 'oauth_consent_not_found', 'No active grant found for this client');
    }
    return reply.code(204).send();
  });
}
