import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { mailLink } from '../verification/link-mail.ts';
import { readPkceChallenge } from '../tokens/pkce.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { findUserByEmail } from '../users/users-repository.ts';

const body = z.object({ email: z.string().optional() });

/**
 * POST /recover, as in GoTrue: mails a password-reset link. Unknown addresses get the same `{}`
 * as known ones, so the form cannot be used to find out who has an account.
 */
export function recoverRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/recover', { config: rateLimitFor(context.rateLimits.otp, 'otp') }, async (request) => {
    const parsed = body.safeParse(request.body ?? {});
    const email = parsed.success ? parsed.data.email?.trim() : undefined;
    if (!email)
      throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
    const pkce = readPkceChallenge(request.body);
    const user = await findUserByEmail(context.db, email);
    if (!user?.email) return {};

    await mailLink(context, request, user, 'recovery', pkce);
    await audit(context.db, request, user.id, 'user_recovery_requested');
    return {};
  });
}
