import type { FastifyRequest } from 'fastify';

/*
 * A calendar feed's address is its only credential (calendar apps cannot sign in), so the token
 * in `/api/v1/calendar/<token>.ics` is masked: anyone reading the log could subscribe otherwise.
 */
const CALENDAR_FILE = /^(\/api\/v1\/calendar\/)[^/]+$/;

/**
 * What a request looks like in the log: method and path only. Query strings are left out on
 * purpose, because one-time links and OAuth callbacks carry tokens and codes there.
 */
export function requestSerializer(request: FastifyRequest): Record<string, string> {
  return {
    method: request.method,
    path: (request.url.split('?')[0] ?? '').replace(CALENDAR_FILE, '$1[token].ics'),
    requestId: String(request.id),
  };
}
