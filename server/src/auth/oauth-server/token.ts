import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../auth-context.ts';
import { AuthError, OAuthError } from '../http/auth-error.ts';
import { sessions } from '../../db/schema/index.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { safeEqual } from '../../lib/secure-random.ts';
import { refreshSession } from '../tokens/refresh-rotation.ts';
import { createSession } from '../tokens/sessions-repository.ts';
import { sessionResponse } from '../tokens/session-response.ts';
import { isBanned, loadUser } from '../users/users-repository.ts';
import { redeemCode, type AuthorizationRow } from './authorizations-store.ts';
import { authenticateClient } from './client-auth.ts';
import type { ClientRow } from './clients-store.ts';
import { idToken } from './claims.ts';
import { scopeList } from './scopes.ts';

const PARAMS = [
  'grant_type',
  'code',
  'refresh_token',
  'redirect_uri',
  'code_verifier',
  'resource',
] as const;
type Params = Record<(typeof PARAMS)[number], string>;

/** The token request's fields (JSON or form): each a string, else GoTrue's invalid_request. */
function paramsOf(request: FastifyRequest): Params {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const params = {} as Params;
  for (const name of PARAMS) {
    const value = body[name] ?? '';
    if (typeof value !== 'string') throw new OAuthError('invalid_request', 'Invalid JSON body');
    params[name] = value;
  }
  return params;
}

/** RFC 7636 §4.6: the verifier must hash (S256) or be equal (plain) to the stored challenge. */
function verifierProblem(authorization: AuthorizationRow, verifier: string): string | undefined {
  if (!verifier) return 'code_verifier is required when PKCE challenge is present';
  const method = authorization.codeChallengeMethod;
  const computed =
    method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  if (method !== 's256' && method !== 'plain') return 'code challenge method not supported';
  if (!safeEqual(computed, authorization.codeChallenge)) {
    return 'code challenge does not match previously saved code verifier';
  }
  return undefined;
}

const REFRESH_FAILURES = {
  not_found: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  already_used: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  session_not_found: () => new AuthError(400, 'session_not_found', 'Session not found'),
};

/** The OAuth answer: our tokens, without the user object the app's own /token adds. */
const tokenAnswer = (session: {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
}) => ({
  access_token: session.access_token,
  token_type: session.token_type,
  expires_in: session.expires_in,
  refresh_token: session.refresh_token,
});

/**
 * grant_type=authorization_code: the code is taken (deleted) first, so it works once even when
 * two exchanges race, and whatever is wrong after that still used it up; then it must be the
 * client's, unexpired, for the same redirect URI, with the right PKCE verifier.
 */
async function codeGrant(
  context: AuthContext,
  request: FastifyRequest,
  client: ClientRow,
  params: Params,
) {
  if (!params.code) {
    throw new OAuthError('invalid_request', 'code is required for authorization_code grant');
  }
  const authorization = await redeemCode(context.db, params.code);
  const invalid = (why: string) => new OAuthError('invalid_grant', why);
  if (!authorization) throw invalid('Invalid authorization code');
  if (authorization.expiresAt.getTime() < Date.now()) {
    throw invalid('Authorization code has expired');
  }
  if (authorization.clientId !== client.id) {
    throw invalid('Authorization code was not issued for this client');
  }
  if (params.resource && params.resource !== authorization.resource) {
    throw invalid('Authorization code resource does not match the resource parameter');
  }
  if (params.redirect_uri && params.redirect_uri !== authorization.redirectUri) {
    throw invalid('Invalid redirect_uri');
  }
  const problem = verifierProblem(authorization, params.code_verifier);
  if (problem) throw invalid(`PKCE verification failed: ${problem}`);
  if (!authorization.userId) throw invalid('Authorization code has no associated user');
  const record = await loadUser(context.db, authorization.userId);
  if (!record) throw invalid('User not found for authorization code');
  if (isBanned(record.user)) throw new OAuthError('access_denied', 'User is banned');

  const started = await createSession(
    context.db,
    record.user.id,
    'oauth_provider/authorization_code',
    {
      userAgent: request.headers['user-agent'],
      ip: request.ip,
      audit: {
        action: 'login',
        details: { provider_type: 'oauth_provider_authorization_code', client_id: client.id },
      },
    },
  );
  if (!started) throw invalid('User not found for authorization code');
  // The session belongs to the client, with the scopes granted: its tokens carry both, and only
  // this client can refresh it.
  const [session] = await context.db
    .update(sessions)
    .set({ oauthClientId: client.id, scopes: authorization.scope })
    .where(eq(sessions.id, started.session.id))
    .returning();
  const answer = await sessionResponse(
    context,
    started.record,
    session ?? started.session,
    started.refreshToken,
    started.amr,
  );
  const scopes = scopeList(authorization.scope);
  if (!scopes.includes('openid')) return tokenAnswer(answer);
  const nonce = authorization.nonce;
  const token = await idToken(context, {
    user: started.record.user,
    clientId: client.id,
    nonce,
    scopes,
  });
  return { ...tokenAnswer(answer), id_token: token };
}

/** grant_type=refresh_token: rotates a token of a session issued to this very client. */
async function refreshGrant(context: AuthContext, client: ClientRow, params: Params) {
  if (!params.refresh_token) {
    throw new OAuthError('invalid_request', 'refresh_token is required for refresh_token grant');
  }
  const result = await refreshSession(context.db, params.refresh_token, {
    secret: context.refreshSecret,
    reuseSeconds: context.refreshReuseSeconds,
    clientId: client.id,
  });
  if (result.kind === 'client_mismatch') {
    throw new OAuthError(
      'invalid_client',
      result.sessionClientId
        ? "Client does not match the session's OAuth client"
        : 'Client authentication not allowed for non-OAuth session',
    );
  }
  // Past the client check, a refresh fails as the app's own does (GoTrue's tokens service).
  if (result.kind !== 'rotated' && result.kind !== 'reused') throw REFRESH_FAILURES[result.kind]();
  const { record } = result;
  if (!record) throw REFRESH_FAILURES.session_not_found();
  if (isBanned(record.user)) throw new AuthError(400, 'user_banned', 'User is banned');
  const answer = await sessionResponse(
    context,
    record,
    result.session,
    result.refreshToken,
    result.amr,
  );
  return tokenAnswer(answer);
}

/**
 * POST /oauth/token (GoTrue's OAuthToken): the client authenticates first (client-auth.ts), then
 * trades a code or a refresh token for our usual tokens, issued to a session that records the
 * client. JSON or a form (RFC 6749 clients send forms). Counted with every other token request.
 */
export function tokenRoute(app: FastifyInstance, context: AuthContext): void {
  const config = rateLimitFor(context.rateLimits.token, 'token');
  app.post('/oauth/token', { config }, async (request, reply) => {
    const client = await authenticateClient(context, request);
    const params = paramsOf(request);
    // Tokens must not be kept by any cache on the way (RFC 6749 §5.1).
    reply.header('cache-control', 'no-store');
    if (!params.grant_type) throw new OAuthError('invalid_request', 'grant_type is required');
    if (!client.grantTypes.includes(params.grant_type)) {
      throw new OAuthError(
        'unsupported_grant_type',
        `Client is not allowed to use grant type: ${params.grant_type}`,
      );
    }
    if (params.grant_type === 'authorization_code') {
      return codeGrant(context, request, client, params);
    }
    return refreshGrant(context, client, params);
  });
}
