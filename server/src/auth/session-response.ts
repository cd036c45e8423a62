import type { AuthContext } from './auth-context.ts';
import { signAccessToken } from './access-tokens.ts';
import { appMetadata, AUDIENCE, ROLE, serializeUser } from './serializers.ts';
import { sessionMethods, type SessionRow } from './sessions-repository.ts';
import type { UserRecord } from './users-repository.ts';

/**
 * The session object supabase-js stores (auth-api-contract §1.4): a fresh access token for the
 * session, the refresh token, lifetimes, and the user (with factors, for the assurance level).
 */
export async function sessionResponse(
  context: AuthContext,
  record: UserRecord,
  session: SessionRow,
  refreshToken: string,
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
      amr: await sessionMethods(context.db, session.id),
      session_id: session.id,
      is_anonymous: user.isAnonymous,
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
