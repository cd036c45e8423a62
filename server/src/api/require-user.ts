import type { FastifyRequest } from 'fastify';
import type { AccessVerifier, Authenticated } from '../auth/tokens/access-verifier.ts';
import { HttpError } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, set by `requireUser` on the routes that need one; otherwise null. */
    user: Authenticated | null;
  }
}

/**
 * A hook for routes that act for a user: the request must carry a valid access token from our
 * `/auth/v1` (see AccessVerifier), or it is refused with 401/403 before the handler runs.
 * Register it on a scope as an `onRequest` hook, so no route in it can forget it and the route's
 * rate limit (which runs after the scope's hooks) can count per user.
 */
export function requireUser(verifier: AccessVerifier) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = await verifier.authenticate(request);
    // A token issued to a third-party app through the OAuth server (auth/oauth-server/) proves
    // who the user is to that app; it is no key to their goals and conversations here. No scope
    // grants the data API, so such tokens are refused outright.
    if (user.session.oauthClientId) {
      throw new HttpError(403, 'bad_jwt', 'This token was issued to another application');
    }
    request.user = user;
  };
}

/** The caller of a route behind `requireUser`. */
export function userOf(request: FastifyRequest): Authenticated {
  if (!request.user) {
    // Only reachable when a route forgot the hook: fail closed rather than act for nobody.
    throw new HttpError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  return request.user;
}
