import type { FastifyRequest } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/secure-random.ts';
import { verifyAccessToken, type AccessTokenClaims } from './access-tokens.ts';
import { AuthError } from '../http/auth-error.ts';
import { findSessionAndUser, type SessionRow } from './sessions-repository.ts';
import { KEY_CACHE_MS, publicKeys, type PublicJwk } from './signing-keys-repository.ts';
import { isBanned, type UserRecord } from '../users/users-repository.ts';

export interface Authenticated {
  claims: AccessTokenClaims;
  session: SessionRow;
  record: UserRecord;
}

/**
 * Who is calling, from an access token: made once per server (app.ts) and shared by the auth API
 * and the data API, so both accept exactly the same tokens.
 */
export interface AccessVerifier {
  /**
   * The caller of a request, from `Authorization: Bearer <access token>` (GoTrue's auth.go): the
   * token must verify against our keys (signature, expiry, issuer), and its session and user must
   * still exist and the user not be banned — so a signed-out session's token stops working at
   * once, not when it expires. The assurance level is the token's `aal` claim. Throws the
   * contract's 401/403 otherwise.
   */
  authenticate(request: FastifyRequest): Promise<Authenticated>;
  /**
   * The claims of a token signed by our keys (signature, expiry, issuer) and nothing more: no
   * session or user is looked up. For the admin API, whose service-role tokens name neither.
   * Throws the contract's 403 `bad_jwt` otherwise.
   */
  verify(token: string): Promise<AccessTokenClaims>;
}

/**
 * The soonest the keys are read again for a token naming a key we do not know. Anyone can send
 * such tokens, so without this floor each would cost a database read.
 */
const UNKNOWN_KEY_REREAD_MS = 1000;

/** Bearer token of a request, or '' when there is none. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/**
 * Keys live in the database (shared by every instance); each instance keeps them for a minute,
 * and re-reads at once when a token names a key it does not know yet (a rotation elsewhere).
 */
export function createAccessVerifier(
  db: Db,
  options: { issuer: string; tokenLifetimeSeconds: number },
): AccessVerifier {
  let published: { keys: PublicJwk[]; at: number } | undefined;
  const verificationKeys = async (kid: string | undefined) => {
    const stale = !published || Date.now() - published.at > KEY_CACHE_MS;
    const unknown =
      kid !== undefined &&
      !published?.keys.some((key) => key.kid === kid) &&
      Date.now() - (published?.at ?? 0) > UNKNOWN_KEY_REREAD_MS;
    if (stale || unknown) {
      published = { keys: await publicKeys(db, options.tokenLifetimeSeconds), at: Date.now() };
    }
    return published?.keys ?? [];
  };

  async function verifiedSignature(token: string): Promise<AccessTokenClaims> {
    try {
      const { kid } = decodeProtectedHeader(token);
      return await verifyAccessToken(token, await verificationKeys(kid), options.issuer);
    } catch (error) {
      throw new AuthError(
        403,
        'bad_jwt',
        `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`,
      );
    }
  }

  async function verifiedClaims(token: string): Promise<AccessTokenClaims> {
    const claims = await verifiedSignature(token);
    if (!claims.sub || !isUuid(claims.sub))
      throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    if (!claims.session_id || !isUuid(claims.session_id))
      throw new AuthError(403, 'bad_jwt', 'invalid claim: missing session_id');
    return claims;
  }

  return {
    verify: verifiedSignature,
    async authenticate(request) {
      const token = bearerToken(request);
      if (!token)
        throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
      const claims = await verifiedClaims(token);
      const { session, record } = await findSessionAndUser(db, claims.session_id, claims.sub);
      if (!record)
        throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      if (!session || session.userId !== record.user.id) {
        throw new AuthError(
          403,
          'session_not_found',
          'Session from session_id claim in JWT does not exist',
        );
      }
      if (isBanned(record.user)) throw new AuthError(403, 'user_banned', 'User is banned');
      return { claims, session, record };
    },
  };
}
