import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../auth-error.ts';
import { audit } from '../audit.ts';
import { mailLink } from '../link-mail.ts';
import { readPkceChallenge } from '../pkce.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { checkPasswordStrength, requireEmailFormat } from '../credential-rules.ts';
import { hashPassword } from '../passwords.ts';
import { serializeUser } from '../serializers.ts';
import { createEmailUser, findUserByEmail, loadUser, normalizeEmail } from '../users-repository.ts';

const body = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

/**
 * POST /signup (contract §2.1), with email confirmation on: a new account gets a confirmation
 * link and the bare user back. An address that is already confirmed gets a look-alike answer and
 * no mail, so signup cannot be used to find out who has an account.
 */
export function signupRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/signup', { config: rateLimitFor(context.rateLimits.otp, 'otp') }, async (request) => {
    const parsed = body.safeParse(request.body ?? {});
    if (!parsed.success) throw new AuthError(400, 'validation_failed', 'Invalid signup request');
    const { email, phone, password, data } = parsed.data;
    if (phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    if (!email)
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    requireEmailFormat(email);
    if (!password)
      throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(password, context.passwordMinLength);
    const pkce = readPkceChallenge(request.body);

    const existing = await findUserByEmail(context.db, email);
    if (existing?.emailConfirmedAt) {
      await audit(context.db, request, existing.id, 'user_repeated_signup');
      return obfuscatedUser(existing.email ?? normalizeEmail(email));
    }

    const user =
      existing ??
      (await createEmailUser(context.db, {
        email,
        passwordHash: await hashPassword(password),
        userMetadata: data ?? {},
      }));
    await mailLink(context, request, user, 'signup', pkce);
    await audit(context.db, request, user.id, 'user_confirmation_requested');

    const record = await loadUser(context.db, user.id);
    if (!record) throw new Error('the new user vanished');
    return serializeUser(record.user, record.identities, record.factors);
  });
}

/** What a new, unconfirmed signup looks like — for an address that is already taken. */
function obfuscatedUser(email: string) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
