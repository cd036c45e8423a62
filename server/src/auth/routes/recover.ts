import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { mailLink } from '../verification/link-mail.ts';
import { PKCE_FIELDS, readPkceChallenge } from '../tokens/pkce.ts';
import { field, readBody, requestInput } from '../http/request-input.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { findUserByEmail } from '../users/users-repository.ts';

const NO_EMAIL = () =>
  new AuthError(400, 'validation_failed', 'Password recovery requires an email');

/** GoTrue's RecoverParams; a field of the wrong type is no address here. */
const recoverParams = requestInput(
  'RecoverParams',
  z.object({ email: field.string, ...PKCE_FIELDS }),
  { refuse: NO_EMAIL },
);

/**
 * POST /recover, as in GoTrue: mails a password-reset link. Unknown addresses get the same `{}`
 * as known ones, so the form cannot be used to find out who has an account.
 */
export function recoverRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/recover', { config: rateLimitFor(context.rateLimits.otp, 'otp') }, async (request) => {
    const input = readBody(request, recoverParams);
    const email = input.email?.trim();
    if (!email) throw NO_EMAIL();
    const pkce = readPkceChallenge(input);
    const user = await findUserByEmail(context.db, email);
    if (!user?.email) return {};

    await mailLink(context, request, user, 'recovery', pkce);
    await audit(context.db, request, user.id, 'user_recovery_requested');
    return {};
  });
}
