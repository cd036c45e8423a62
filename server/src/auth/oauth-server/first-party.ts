import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import type { Authenticated } from '../access-verifier.ts';
import { AuthError } from '../auth-error.ts';

/**
 * The signed-in user of a consent or grants request, from one of our own app's sessions. A token
 * issued to a third-party app is refused: with it, an app could approve its own requests for more
 * scopes, or see and revoke the user's other grants. (GoTrue does not check; we do.)
 */
export async function firstPartyUser(
  context: AuthContext,
  request: FastifyRequest,
): Promise<Authenticated> {
  const caller = await context.verifier.authenticate(request);
  if (caller.session.oauthClientId) {
    throw new AuthError(403, 'bad_jwt', 'This token was issued to another application');
  }
  return caller;
}
