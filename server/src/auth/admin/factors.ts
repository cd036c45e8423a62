import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { mfaFactors } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/secure-random.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { downgradeSessions, type FactorType } from '../mfa/session-upgrade.ts';
import { serializeFactor } from '../users/serializers.ts';
import { targetUser } from './users.ts';

/**
 * A user's second factors (GoTrue's adminUserGetFactors / adminUserDeleteFactor): the list, and
 * removal — e.g. for a user who lost their phone. Sessions that reached aal2 with the factor fall
 * back to aal1, as they do when the user unenrolls it.
 */
export function adminFactorRoutes(app: FastifyInstance, context: AuthContext): void {
  app.get('/admin/users/:id/factors', async (request) => {
    const { factors } = await targetUser(context, request);
    return factors.map(serializeFactor);
  });

  app.delete('/admin/users/:id/factors/:factorId', async (request) => {
    const { user, factors } = await targetUser(context, request);
    const { factorId } = request.params as { factorId: string };
    if (!isUuid(factorId))
      throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
    const factor = factors.find((f) => f.id === factorId.toLowerCase());
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    await context.db.delete(mfaFactors).where(eq(mfaFactors.id, factor.id));
    await downgradeSessions(context.db, factor.id, factor.factorType as FactorType);
    await audit(context.db, request, user.id, 'factor_deleted', { type: factor.factorType });
    return serializeFactor(factor);
  });
}
