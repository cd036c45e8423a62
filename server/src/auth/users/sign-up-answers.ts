import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { startSession } from '../tokens/session-response.ts';
import { serializeUser, type UserRow } from './serializers.ts';
import { loadUser } from './users-repository.ts';

/*
 * How a sign-up is answered once its user row exists: by e-mail or phone (routes/signup*.ts), by
 * invitation or by the admin API (admin/). Anonymous sign-ins answer with a session of their own
 * method (users/anonymous-users.ts).
 */

/** The user as it now stands (identities and factors included), in GoTrue's user shape. */
export async function userAnswer(context: AuthContext, userId: string) {
  const record = await loadUser(context.db, userId);
  if (!record) throw new AuthError(404, 'user_not_found', 'User not found');
  return serializeUser(record.user, record.identities, record.factors);
}

/** A sign-up confirmed at once (AUTH_AUTOCONFIRM): audited as one, then signed in by password. */
export async function signedUpSession(
  context: AuthContext,
  request: FastifyRequest,
  userId: string,
  provider: 'email' | 'phone',
) {
  await audit(context.db, request, userId, 'user_signedup', { provider });
  return startSession(context, request, userId, 'password');
}

/** The address or number is someone's already: audited, and GoTrue's open 422. */
export async function alreadyRegistered(
  context: AuthContext,
  request: FastifyRequest,
  user: UserRow,
): Promise<AuthError> {
  await audit(context.db, request, user.id, 'user_repeated_signup');
  return new AuthError(422, 'user_already_exists', 'User already registered');
}
