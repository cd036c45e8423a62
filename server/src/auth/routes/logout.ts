import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { endSessions } from '../tokens/sessions-repository.ts';

const SCOPES = ['global', 'local', 'others'] as const;

/** POST /logout?scope=global|local|others: ends sessions and with them their refresh tokens. */
export function logoutRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/logout', async (request, reply) => {
    const scope = (request.query as Record<string, unknown>).scope ?? 'global';
    if (!SCOPES.includes(scope as (typeof SCOPES)[number])) {
      throw new AuthError(
        400,
        'validation_failed',
        `Unsupported logout scope ${JSON.stringify(scope)}`,
      );
    }
    const { session, record } = await context.verifier.authenticate(request);
    await endSessions(context.db, record.user.id, session.id, scope as (typeof SCOPES)[number]);
    await audit(context.db, request, record.user.id, 'logout', { scope: String(scope) });
    return reply.code(204).send();
  });
}
