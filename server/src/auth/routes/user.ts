import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { serializeUser } from '../users/serializers.ts';

/** GET /user: the signed-in user, bare (GoTrue's user.go). */
export function userRoute(app: FastifyInstance, context: AuthContext): void {
  app.get('/user', async (request) => {
    const { record } = await context.verifier.authenticate(request);
    return serializeUser(record.user, record.identities, record.factors);
  });
}
