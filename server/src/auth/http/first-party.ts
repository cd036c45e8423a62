import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import type { Authenticated } from '../tokens/access-verifier.ts';
import { AuthError } from './auth-error.ts';

/**
 * The signed-in user of a request that changes the account or its access (password, address,
 * factors, passkeys, identities, consents and grants), from one of our own app's sessions. A token
 * issued to a third-party app through the OAuth server is refused: it proves who the user is to
 * that app (GET /user and /oauth/userinfo still answer it), but with it an app could take the
 * account over, approve its own requests for more scopes, or revoke the user's other grants.
 * (GoTrue does not check; we do — decision 017.)
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
