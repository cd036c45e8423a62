import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { AuthContext } from '../auth-context.ts';
import { AuthError, OAuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { field, readBody, readQuery, requestInput } from '../http/request-input.ts';
import { checkPassword } from '../users/passwords.ts';
import { formatPhone } from '../users/phone-users.ts';
import { signInDelayMs } from '../policies/sign-in-delay.ts';
import { idTokenVerifier } from '../providers/id-token.ts';
import { idTokenGrant } from './id-token-grant.ts';
import { redeemAuthCode } from '../tokens/pkce.ts';
import { HttpError } from '../../lib/http-error.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import {
  countedHit,
  countHitAnd,
  hitStatement,
  takeBackHit,
} from '../../lib/rate-limit-counters-repository.ts';
import { sessionResponse, startSession } from '../tokens/session-response.ts';
import { refreshSession } from '../tokens/refresh-rotation.ts';
import { refreshedSession } from '../tokens/refresh-outcome.ts';
import {
  isBanned,
  loadUser,
  normalizeEmail,
  userByEmailColumn,
  userByPhoneColumn,
  userFromJson,
  type UserByEmail,
} from '../users/users-repository.ts';

const grantQuery = requestInput('TokenQuery', z.object({ grant_type: field.string }));

const passwordParams = requestInput(
  'PasswordGrantParams',
  z.object({ email: field.string, phone: field.string, password: field.string }),
  { refuse: () => new AuthError(400, 'validation_failed', 'Invalid request body') },
);

// Supabase answers a missing refresh token in the OAuth error shape.
const NO_REFRESH_TOKEN = () => new OAuthError('invalid_request', 'refresh_token required');

const refreshParams = requestInput(
  'RefreshTokenGrantParams',
  z.object({ refresh_token: field.string }),
  { refuse: NO_REFRESH_TOKEN },
);

const NO_PKCE_PAIR = () =>
  new AuthError(
    400,
    'validation_failed',
    'invalid request: both auth code and code verifier should be non-empty',
  );

const pkceParams = requestInput(
  'PKCEGrantParams',
  z.object({ auth_code: field.string, code_verifier: field.string }),
  { refuse: NO_PKCE_PAIR },
);

const INVALID_CREDENTIALS = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

/**
 * POST /token?grant_type=password|refresh_token|pkce|id_token, as GoTrue's
 * https://github.com/supabase/auth/blob/master/internal/api/token.go answers them;
 * `web3` is refused as Supabase refuses it when no wallet chain is on.
 */
export function tokenRoute(app: FastifyInstance, context: AuthContext): void {
  const config = rateLimitFor(context.rateLimits.token, 'token');
  const idTokens = idTokenVerifier(context.oauth);
  app.post('/token', { config }, async (request) => {
    const { grant_type: grantType } = readQuery(request, grantQuery);
    if (grantType === 'password') return passwordGrant(context, request);
    if (grantType === 'pkce') return pkceGrant(context, request);
    if (grantType === 'id_token') return idTokenGrant(context, idTokens, request);
    if (grantType === 'refresh_token') {
      const token = readBody(request, refreshParams).refresh_token;
      if (!token) throw NO_REFRESH_TOKEN();
      return refreshGrant(context, request, token);
    }
    // No wallet sign-in here: GoTrue's answer while both of its Web3 chains are off.
    if (grantType === 'web3')
      throw new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  });
}

/**
 * Password guessing against one address or number, from however many IPs: past the limit of wrong
 * passwords in the window, signing in to it is refused (429) until the window ends, even with the
 * right password — the owner can still reset it by mail, or sign in with a texted code. Unknown
 * logins count alike, so the refusal says nothing about which accounts exist.
 *
 * Before that, after a few wrong passwords, each attempt waits a growing delay before it is
 * answered (sign-in-delay.ts). The wait comes before the password is checked, so the right
 * password waits exactly as long as a wrong one and the response time does not tell them apart.
 * Password recovery never passes through here: the owner is never slowed in resetting it.
 *
 * Every attempt is counted before its password is checked, and taken back once it proves right.
 * Counted afterwards, a burst of parallel guesses would all find the count under the limit and
 * all be checked, however many there were. Returns the login's user (if any), read with the
 * count, and the hit, to take back once the password proves right.
 */
async function guardAgainstGuessing(context: AuthContext, login: Login) {
  const { max, windowSeconds } = context.rateLimits.signInFailures;
  // Numbers have no @, so they never share a count with an address.
  const key = `sign-in-failures:${login.value}`;
  const windowMs = windowSeconds * 1000;
  const countedAt = Date.now();
  const { count, ttlMs, row } = await countHitAnd<UserByEmail>(
    context.db,
    login.kind === 'email' ? COUNT_EMAIL_ATTEMPT : COUNT_PHONE_ATTEMPT,
    key,
    windowMs,
    [login.value],
    countedAt,
  );
  if (count > max) {
    throw new HttpError(429, 'over_request_rate_limit', 'Request rate limit reached', {
      headers: { 'retry-after': String(Math.ceil(ttlMs / 1000)) },
    });
  }
  // The failures before this attempt (those still being checked included).
  const delayMs = signInDelayMs(count - 1);
  if (delayMs > 0) await context.sleep(delayMs);
  return { user: userFromJson(row), hit: countedHit(key, windowMs, countedAt) };
}

/** Who signs in: a normalised address, or a number as GoTrue formats it (unchecked). */
interface Login {
  kind: 'email' | 'phone';
  value: string;
}

/** The attempt counted and the login's user looked up in one round trip (a hot path). */
const COUNT_EMAIL_ATTEMPT = hitStatement('partak_count_sign_in_attempt', userByEmailColumn('$3'));
const COUNT_PHONE_ATTEMPT = hitStatement('partak_count_phone_sign_in', userByPhoneColumn('$3'));

const NOT_CONFIRMED = {
  email: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  phone: () => new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed'),
};

async function passwordGrant(context: AuthContext, request: FastifyRequest) {
  const { email, phone, password } = readBody(request, passwordParams);
  if (email && phone)
    throw new AuthError(
      400,
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  if (!email && !phone) throw new AuthError(400, 'validation_failed', 'missing email or phone');
  const login: Login = email
    ? { kind: 'email', value: normalizeEmail(email) }
    : { kind: 'phone', value: formatPhone(phone ?? '') };

  const attempt = await guardAgainstGuessing(context, login);
  const { user } = attempt;
  // The same answer, and the same time spent, for an unknown login and a wrong password.
  const matches = await checkPassword(user?.encryptedPassword, password ?? '');
  if (!user || !matches) throw INVALID_CREDENTIALS();
  // A right password is no guess: its attempt is taken back, by the session's start when one starts.
  const confirmed = login.kind === 'email' ? user.emailConfirmedAt : user.phoneConfirmedAt;
  if (!confirmed || isBanned(user)) {
    await takeBackHit(context.db, attempt.hit);
    if (!confirmed) throw NOT_CONFIRMED[login.kind]();
    throw new AuthError(400, 'user_banned', 'User is banned');
  }
  return startSession(context, request, user.id, 'password', { takeBack: attempt.hit });
}

async function pkceGrant(context: AuthContext, request: FastifyRequest) {
  const { auth_code: code, code_verifier: verifier } = readBody(request, pkceParams);
  if (!code || !verifier) throw NO_PKCE_PAIR();
  const flow = await redeemAuthCode(context.db, code, verifier);
  const record = await loadUser(context.db, flow.userId);
  if (!record) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state');
  if (isBanned(record.user)) throw new AuthError(400, 'user_banned', 'User is banned');
  return startSession(context, request, record.user.id, flow.method);
}

async function refreshGrant(context: AuthContext, request: FastifyRequest, token: string) {
  if (token.length < 12 || !/^[\w-]+$/.test(token)) {
    throw new AuthError(400, 'validation_failed', 'Refresh token is not valid');
  }
  // One round trip in the usual case: the rotation, the user record and the `amr` claim.
  const result = await refreshSession(context.db, token, {
    secret: context.refreshSecret,
    reuseSeconds: context.refreshReuseSeconds,
  });
  if (result.kind === 'already_used') {
    // Someone presented a token that was rotated away long ago: the session has been ended.
    await audit(context.db, request, undefined, 'token_revoked', { reason: 'reuse' });
  }
  // A session issued to an OAuth client is refreshed by that client, at /oauth/token (GoTrue).
  if (result.kind === 'client_mismatch')
    throw new OAuthError('invalid_client', 'Client authentication required for OAuth session');
  const { record, session, refreshToken, amr } = refreshedSession(result);
  return sessionResponse(context, record, session, refreshToken, amr);
}
