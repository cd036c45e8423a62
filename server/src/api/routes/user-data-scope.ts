import { z } from 'zod/mini';
import type { AccessVerifier } from '../../auth/tokens/access-verifier.ts';
import type { Limit } from '../../config/rate-limit-defaults.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import type { ApiInstance } from '../api-instance.ts';
import { requireUser, userOf } from '../require-user.ts';

/** `/{id}` of a goal or conversation: the UUID the client made. */
export const ID_PARAMS = z.object({ id: z.uuid() });

/** A goal, a settings change, a delete: small JSON bodies. */
export const SMALL_BODY_LIMIT = 16 * 1024;

export type RouteLimit = ReturnType<typeof rateLimitFor>;

/**
 * Makes `app` a scope of routes that act for the signed-in user: a valid access token is required
 * on every request before anything else runs (401 without one), and requests are counted per user
 * against `limit` (the route's config, so the rate-limit plugin sees it).
 */
export function userDataScope(app: ApiInstance, verifier: AccessVerifier, limit: Limit) {
  app.addHook('onRequest', requireUser(verifier));
  return rateLimitFor(limit, 'data', async (request) => `user:${userOf(request).record.user.id}`);
}
