import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError, signupDisabled } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { signInAnonymously } from '../users/anonymous-users.ts';
import { mailLink } from '../verification/link-mail.ts';
import { lookAlikeUser } from '../users/look-alike-user.ts';
import { signUpWithPhone } from './signup-phone.ts';
import { readPkceChallenge } from '../tokens/pkce.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { checkPasswordStrength, requireEmailFormat } from '../policies/credential-rules.ts';
import { checkPassword, hashPassword } from '../users/passwords.ts';
import { serializeUser } from '../users/serializers.ts';
import { startSession } from '../tokens/session-response.ts';
import {
  createEmailUser,
  findUserByEmail,
  loadUser,
  normalizeEmail,
} from '../users/users-repository.ts';

const body = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: z.record(z.string(), z.unknown()).nullish(),
  channel: z.unknown().optional(),
});

/** Neither an email nor a phone: supabase-js `signInAnonymously` (anonymous-users.ts). */
function isAnonymousRequest(request: FastifyRequest): boolean {
  const parsed = body.safeParse(request.body ?? {});
  return parsed.success && !parsed.data.email && !parsed.data.phone;
}

/**
 * POST /signup, as in GoTrue. With email confirmation on, a new account gets a confirmation
 * link and the bare user back; an address that is already confirmed gets a look-alike answer and
 * no mail, so signup cannot be used to find out who has an account. With AUTH_AUTOCONFIRM the
 * account is confirmed at once and signed in. Without an address it is an anonymous sign-in,
 * which GoTrue limits apart: the sign-up limit is counted once the body is read, and skipped for
 * those (they have their own).
 */
export function signupRoute(app: FastifyInstance, context: AuthContext): void {
  const { rateLimit } = rateLimitFor(context.rateLimits.otp, 'otp');
  const config = {
    rateLimit: { ...rateLimit, hook: 'preHandler' as const, allowList: isAnonymousRequest },
  };
  app.post('/signup', { config }, async (request) => {
    const parsed = body.safeParse(request.body ?? {});
    if (!parsed.success) throw new AuthError(400, 'validation_failed', 'Invalid signup request');
    const { email, phone, password, data, channel } = parsed.data;
    if (!email && !phone) return signInAnonymously(context, request, data ?? {});
    // GoTrue's order (signup.go): sign-ups off, then the password, then the address.
    if (context.options.disableSignup) throw signupDisabled();
    if (!password)
      throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(password, context.passwordMinLength);
    if (email && phone) {
      throw new AuthError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on signup.',
      );
    }
    // Not neither (anonymous, above) nor both (refused): without an address, a number.
    if (!email) {
      const input = { phone: String(phone), password, data: data ?? {}, channel };
      return signUpWithPhone(context, request, input);
    }
    const pkce = readPkceChallenge(request.body);
    requireEmailFormat(email);
    if (context.options.autoconfirm) {
      return signUpConfirmed(context, request, { email, password, data: data ?? {} });
    }

    const existing = await findUserByEmail(context.db, email);
    if (existing?.emailConfirmedAt) {
      await audit(context.db, request, existing.id, 'user_repeated_signup');
      return lookAlikeUser({ provider: 'email', email: existing.email ?? normalizeEmail(email) });
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

/**
 * AUTH_AUTOCONFIRM: the account is confirmed without a mail and signed in with the `password`
 * method, as GoTrue answers with its mailer's autoconfirm on. A taken address is refused openly
 * (GoTrue's `user_already_exists`), since no mail would tell its owner. GoTrue also signs in
 * whoever signs up again with an address that was never confirmed, whatever password they give;
 * here only with that account's own password, so such an account cannot be taken over.
 */
async function signUpConfirmed(
  context: AuthContext,
  request: FastifyRequest,
  input: { email: string; password: string; data: Record<string, unknown> },
) {
  const existing = await findUserByEmail(context.db, input.email);
  const owner =
    existing &&
    !existing.emailConfirmedAt &&
    (await checkPassword(existing.encryptedPassword, input.password));
  if (existing && !owner) {
    await audit(context.db, request, existing.id, 'user_repeated_signup');
    throw new AuthError(422, 'user_already_exists', 'User already registered');
  }
  const now = new Date();
  if (existing) {
    await context.db
      .update(users)
      .set({ emailConfirmedAt: now, updatedAt: now })
      .where(eq(users.id, existing.id));
  }
  const user =
    existing ??
    (await createEmailUser(context.db, {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      userMetadata: input.data,
      confirmedAt: now,
    }));
  await audit(context.db, request, user.id, 'user_signedup', { provider: 'email' });
  return startSession(context, request, user.id, 'password');
}
