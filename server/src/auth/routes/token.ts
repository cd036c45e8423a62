import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../auth-error.ts';
import { checkPassword } from '../passwords.ts';
import { sessionResponse } from '../session-response.ts';
import { createSession, rotateRefreshToken } from '../sessions-repository.ts';
import { findUserByEmail, loadUser, touchSignIn } from '../users-repository.ts';

const passwordBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
});

const refreshBody = z.object({ refresh_token: z.string().optional() });

const INVALID_CREDENTIALS = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

const REFRESH_FAILURES = {
  not_found: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  already_used: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  session_not_found: () => new AuthError(400, 'session_not_found', 'Session not found'),
};

const clientDetails = (request: FastifyRequest) => ({
  userAgent: request.headers['user-agent'],
  ip: request.ip,
});

/** POST /token?grant_type=password|refresh_token (contract §2.2, §2.11, §4.1). */
export function tokenRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/token', async (request, reply) => {
    const grantType = (request.query as Record<string, unknown>).grant_type;
    if (grantType === 'password') return passwordGrant(context, request);
    if (grantType === 'refresh_token') {
      const body = refreshBody.safeParse(request.body ?? {});
      const token = body.success ? body.data.refresh_token : undefined;
      // Supabase answers this one case in the OAuth error shape.
      if (!token)
        return reply
          .code(400)
          .send({ error: 'invalid_request', error_description: 'refresh_token required' });
      return refreshGrant(context, token);
    }
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  });
}

async function passwordGrant(context: AuthContext, request: FastifyRequest) {
  const parsed = passwordBody.safeParse(request.body ?? {});
  if (!parsed.success) throw new AuthError(400, 'validation_failed', 'Invalid request body');
  const { email, phone, password } = parsed.data;
  if (email && phone)
    throw new AuthError(
      400,
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    );
  if (!email && !phone) throw new AuthError(400, 'validation_failed', 'missing email or phone');
  if (phone) throw INVALID_CREDENTIALS();

  const user = await findUserByEmail(context.db, email ?? '');
  // The same answer, and the same time spent, for an unknown email and a wrong password.
  const matches = await checkPassword(user?.encryptedPassword, password ?? '');
  if (!user || !matches) throw INVALID_CREDENTIALS();
  if (!user.emailConfirmedAt)
    throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  if (user.bannedUntil && user.bannedUntil > new Date())
    throw new AuthError(400, 'user_banned', 'User is banned');

  const now = new Date();
  await touchSignIn(context.db, user.id, now);
  const { session, refreshToken } = await createSession(
    context.db,
    user.id,
    'password',
    clientDetails(request),
  );
  const record = await loadUser(context.db, user.id);
  if (!record) throw INVALID_CREDENTIALS();
  return sessionResponse(context, record, session, refreshToken);
}

async function refreshGrant(context: AuthContext, token: string) {
  if (token.length < 12 || !/^[\w-]+$/.test(token)) {
    throw new AuthError(400, 'validation_failed', 'Refresh token is not valid');
  }
  const result = await rotateRefreshToken(context.db, token, {
    secret: context.refreshSecret,
    reuseSeconds: context.refreshReuseSeconds,
  });
  if (result.kind !== 'rotated' && result.kind !== 'reused') throw REFRESH_FAILURES[result.kind]();
  const record = await loadUser(context.db, result.session.userId);
  if (!record) throw new AuthError(400, 'session_not_found', 'Session not found');
  if (record.user.bannedUntil && record.user.bannedUntil > new Date())
    throw new AuthError(400, 'user_banned', 'User is banned');
  return sessionResponse(context, record, result.session, result.refreshToken);
}
