import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/client.ts';
import type { Limit } from '../config/rate-limit-defaults.ts';
import { HttpError } from './http-error.ts';
import { countHit } from './rate-limit-counters-repository.ts';

/** A @fastify/rate-limit store over `countHit`; each route group counts under its own prefix. */
function databaseStore(db: Db, prefix = 'ip'): FastifyRateLimitStore {
  return {
    incr(key, callback, timeWindow) {
      countHit(db, `${prefix}:${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error as Error),
      );
    },
    child(routeOptions) {
      const group = (routeOptions as { groupId?: string }).groupId;
      return databaseStore(db, group ?? routeOptions.path);
    },
  };
}

/**
 * Registers request limits for the whole server, counted per IP unless a route keys them
 * otherwise. Routes opt in with `rateLimitFor(limit, group)` in their config; one group (e.g.
 * `otp`) can span several routes, which then share a counter. A refusal is the contract's 429
 * (docs/auth-compatibility.md#rate-limits), written in the shape of the route's API.
 */
export async function registerRateLimits(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: function Store() {
      return databaseStore(db);
    } as unknown as new () => FastifyRateLimitStore,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: () =>
      new HttpError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  });
}

/**
 * Route config for a limit: `app.post(path, { config: rateLimitFor(...) }, handler)`. Counted
 * per IP, or per whatever `keyOf` names (it may refuse the request by throwing).
 */
export function rateLimitFor(
  limit: Limit,
  group: string,
  keyOf?: (request: FastifyRequest) => Promise<string>,
) {
  return {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.windowSeconds * 1000,
      groupId: group,
      ...(keyOf ? { keyGenerator: keyOf } : {}),
    },
  };
}

/**
 * Counts a request against `limit` under `key` from inside a handler — for a route where which
 * limit applies depends on the body — and refuses it as the route limits do (429, Retry-After).
 */
export async function enforceLimit(db: Db, key: string, limit: Limit): Promise<void> {
  const { count, ttlMs } = await countHit(db, key, limit.windowSeconds * 1000);
  if (count > limit.max) {
    throw new HttpError(429, 'over_request_rate_limit', 'Request rate limit reached', {
      headers: { 'retry-after': String(Math.ceil(ttlMs / 1000)) },
    });
  }
}
