import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { signAccessToken, type AmrEntry } from './access-tokens.ts';
import { appMetadata, AUDIENCE, ROLE, serializeUser } from '../users/serializers.ts';
import {
  createSession,
  sessionMethods,
  type SessionAudit,
  type SessionRow,
} from './sessions-repository.ts';
import type { UserRecord } from '../users/users-repository.ts';
import { AuthError } from '../http/auth-error.ts';
import type { CountedHit } from '../../lib/rate-limit-counters-repository.ts';

/**
 * The session object supabase-js stores (docs/auth-compatibility.md#sessions-and-tokens): a fresh
 * access token for the session, the refresh token, lifetimes, and the user (with factors, for the
 * assurance level).
 * `amr`, when the caller already read it with the session, saves reading it again.
 */
export async function sessionResponse(
  context: AuthContext,
  record: UserRecord,
  session: SessionRow,
  refreshToken: string,
  amr?: AmrEntry[],
) {
  const { user } = record;
  const { token, expiresAt } = await signAccessToken(
    {
      sub: user.id,
      aud: AUDIENCE,
      role: ROLE,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: appMetadata(user, record.identities),
      user_metadata: user.userMetadata as Record<string, unknown>,
      aal: session.aal === 'aal2' ? 'aal2' : 'aal1',
      amr: amr ?? (await sessionMethods(context.db, session.id)),
      session_id: session.id,
      is_anonymous: user.isAnonymous,
      // A session issued to an OAuth client (oauth-server/token.ts) says which, and what it may see.
      ...(session.oauthClientId
        ? { client_id: session.oauthClientId, scope: session.scopes ?? '' }
        : {}),
    },
    await context.signingKey(),
    { issuer: context.issuer, lifetimeSeconds: context.tokenLifetimeSeconds },
  );
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: context.tokenLifetimeSeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: serializeUser(user, record.identities, record.factors),
  };
}

/**
 * Signs a user in with a method (`password`, `otp`, `recovery`…): a new session, as JSON, and its
 * audit entry (`login` unless the caller names another action). `takeBack`: the sign-in attempt's
 * rate-limit hit, taken back in the same statement.
 */
export async function startSession(
  context: AuthContext,
  request: FastifyRequest,
  userId: string,
  method: string,
  { audit = { action: 'login' }, takeBack }: { audit?: SessionAudit; takeBack?: CountedHit } = {},
) {
  const started = await createSession(context.db, userId, method, {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
    audit,
    ...(takeBack ? { takeBack } : {}),
  });
  if (!started) throw new AuthError(404, 'user_not_found', 'User not found');
  const { session, refreshToken, amr } = started;
  return sessionResponse(context, started.record, session, refreshToken, amr);
}
