import type { FastifyRequest } from 'fastify';

/**
 * What a request looks like in the log: method and path only. Query strings are left out on
 * purpose, because one-time links and OAuth callbacks carry tokens and codes there.
 */
export function requestSerializer(request: FastifyRequest): Record<string, string> {
  return {
    method: request.method,
    path: request.url.split('?')[0] ?? '',
    requestId: String(request.id),
  };
}
