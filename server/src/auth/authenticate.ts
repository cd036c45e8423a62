import type { FastifyRequest } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import type { AuthContext } from './auth-context.ts';
import { verifyAccessToken, type AccessTokenClaims } from './access-tokens.ts';
import { AuthError } from './auth-error.ts';
import { findSessionAndUser, type SessionRow } from './sessions-repository.ts';
import { isBanned, type UserRecord } from './users-repository.ts';
import { isUuid } from '../lib/secure-random.ts';

export interface Authenticated {
  claims: AccessTokenClaims;
  session: SessionRow;
  record: UserRecord;
}

/**
 * The caller of a user endpoint, from `Authorization: Bearer <access token>` (contract §2.9): the
 * token must verify against our keys, and its session and user must still exist — so a signed-out
 * session's token stops working at once, not when it expires.
 */
export async function authenticate(
  context: AuthContext,
  request: FastifyRequest,
): Promise<Authenticated> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token)
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');

  let claims: AccessTokenClaims;
  try {
    const { kid } = decodeProtectedHeader(token);
    claims = await verifyAccessToken(token, await context.verificationKeys(kid), context.issuer);
  } catch (error) {
    throw new AuthError(
      403,
      'bad_jwt',
      `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`,
    );
  }
  if (!claims.sub || !isUuid(claims.sub))
    throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  if (!claims.session_id || !isUuid(claims.session_id))
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing session_id');

  const { session, record } = await findSessionAndUser(context.db, claims.session_id, claims.sub);
  if (!record)
    throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (!session || session.userId !== record.user.id) {
    throw new AuthError(
      403,
      'session_not_found',
      'Session from session_id claim in JWT does not exist',
    );
  }
  if (isBanned(record.user)) {
    throw new AuthError(403, 'user_banned', 'User is banned');
  }
  return { claims, session, record };
}
