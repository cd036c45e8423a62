import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '@partak/domain/product';
import type { Database } from '../db/client.ts';

/**
 * Liveness, version and database status, for load balancers and operators. With the database
 * down the answer is 503, so a balancer stops sending traffic until it is back.
 */
export function registerHealthz(app: FastifyInstance, database: Database): void {
  const status = databaseStatus(database);
  // Probes call this every few seconds: their requests are not worth a log line each.
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    const up = await status();
    reply.header('cache-control', 'no-store').code(up ? 200 : 503);
    return { status: up ? 'ok' : 'degraded', version: APP_VERSION, database: up ? 'up' : 'down' };
  });
}

/**
 * The database's status, asked at most once a second however many probes arrive; concurrent
 * callers share one check.
 */
function databaseStatus(database: Database, maxAgeMs = 1000): () => Promise<boolean> {
  let checkedAt = -Infinity;
  let last: Promise<boolean> = Promise.resolve(false);
  return () => {
    const now = performance.now();
    if (now - checkedAt >= maxAgeMs) {
      checkedAt = now;
      last = database.ping();
    }
    return last;
  };
}
