import type { FastifyRequest } from 'fastify';
import { users } from '../../db/schema/index.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError, signupDisabled } from '../http/auth-error.ts';
import { startSession } from '../tokens/session-response.ts';

/**
 * POST /signup without an email or phone (supabase-js `signInAnonymously`), as GoTrue's router and
 * `SignupAnonymously` do it: refused while anonymous sign-ins are off, then counted against their
 * own hourly limit per IP (not the sign-up limit), then refused while sign-ups are off. The user
 * has no address, no password and no identity, `is_anonymous` set and the `anonymous` sign-in
 * method; they become permanent by adding an address with PUT /user (email-links.ts).
 */
export async function signInAnonymously(
  context: AuthContext,
  request: FastifyRequest,
  data: Record<string, unknown>,
) {
  if (!context.options.anonymousSignIn)
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  await enforceLimit(context.db, `anonymous:${request.ip}`, context.rateLimits.anonymous);
  if (context.options.disableSignup) throw signupDisabled();
  const [user] = await context.db
    .insert(users)
    .values({ isAnonymous: true, userMetadata: data, appMetadata: {} })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  return startSession(context, request, user.id, 'anonymous', {
    audit: { action: 'user_signedup', details: { provider: 'anonymous' } },
  });
}
