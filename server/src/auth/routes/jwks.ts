import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { publicKeys } from '../tokens/signing-keys.ts';

/**
 * GET /.well-known/jwks.json: the public keys that verify our access tokens, including a retired
 * key until the last token it signed has expired. Clients cache it for ten minutes.
 */
export function jwksRoute(app: FastifyInstance, db: Db, tokenLifetimeSeconds: number): void {
  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=600');
    return { keys: await publicKeys(db, tokenLifetimeSeconds) };
  });
}
