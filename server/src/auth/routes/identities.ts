import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { unlinkIdentity } from '../providers/unlink-identity.ts';
import { isUuid } from '../../lib/secure-random.ts';
import { firstPartyUser } from '../http/first-party.ts';

/**
 * `/user/identities/*` answer only while AUTH_MANUAL_LINKING is on (GoTrue's
 * GOTRUE_SECURITY_MANUAL_LINKING_ENABLED, off by default), checked after the caller's token.
 */
export function requireManualLinking(context: AuthContext): void {
  if (!context.options.manualLinking)
    throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
}

/**
 * DELETE /user/identities/{id} (supabase-js `unlinkIdentity`): the signed-in user removes one of
 * their own identities, never the last one. Answers `{}`, as GoTrue. (Linking starts at
 * GET /user/identities/authorize, with the provider routes in oauth.ts.)
 */
export function identityRoutes(app: FastifyInstance, context: AuthContext): void {
  app.delete('/user/identities/:id', async (request) => {
    const { record } = await firstPartyUser(context, request);
    requireManualLinking(context);
    const { id } = request.params as { id: string };
    if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'identity_id must be an UUID');
    const removed = await unlinkIdentity(
      context.db,
      record.user.id,
      id,
      context.options.autoconfirm,
    );
    await audit(context.db, request, record.user.id, 'identity_unlinked', {
      provider: removed.provider,
    });
    return {};
  });
}
