import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '@partak/domain/product';

/** Liveness and version, for load balancers and operators. */
export function registerHealthz(app: FastifyInstance): void {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok', version: APP_VERSION };
  });
}
