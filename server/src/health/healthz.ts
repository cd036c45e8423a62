import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '@partak/domain/product';

/** Liveness and version, for load balancers and operators. */
export function registerHealthz(app: FastifyInstance): void {
  // Probes call this every few seconds: their requests are not worth a log line each.
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok', version: APP_VERSION };
  });
}
