import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { AuthContext } from '../auth-context.ts';
import { AuthError, signupDisabled } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { signInAnonymously } from '../users/anonymous-users.ts';
import { mailLink } from '../verification/link-mail.ts';
import { lookAlikeUser } from '../users/look-alike-user.ts';
import { signUpWithPhone } from './signup-phone.ts';
import { PKCE_FIELDS, readPkceChallenge } from '../tokens/pkce.ts';
import { field, readBody, requestInput } from '../http/request-input.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import { checkPasswordStrength, requireEmailFormat } from '../policies/credential-rules.ts';
import { checkPassword, hashPassword } from '../users/passwords.ts';
import { alreadyRegistered, signedUpSession, userAnswer } from '../users/sign-up-answers.ts';
import {
  confirmEmail,
  createEmailUser,
  findUserByEmail,
  normalizeEmail,
} from '../users/users-repository.ts';

/** GoTrue's SignupParams; a field of the wrong type is this API's own 400. */
const signupParams = requestInput(
  'SignupParams',
  z.object({
    email: field.string,
    phone: field.string,
    password: field.string,
    data: field.map,
    channel: field.any,
    ...PKCE_FIELDS,
  }),
  { refuse: () => new AuthError(400, 'validation_failed', 'Invalid signup request') },
);

/** Neither an email nor a phone: supabase-js `signInAnonymously` (anonymous-users.ts). */
function isAnonymousRequest(request: FastifyRequest): boolean {
  try {
    const { email, phone } = readBody(request, signupParams);
    return !email && !phone;
  } catch {
    return false;
  }
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
    const input = readBody(request, signupParams);
    const { email, phone, password, data } = input;
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
      return signUpWithPhone(context, request, {
        ...input,
        phone: String(phone),
        password,
        data: data ?? {},
      });
    }
    const pkce = readPkceChallenge(input);
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

    return userAnswer(context, user.id);
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
  if (existing && !owner) throw await alreadyRegistered(context, request, existing);
  const now = new Date();
  if (existing) {
    await confirmEmail(context.db, existing.id, now);
  }
  const user =
    existing ??
    (await createEmailUser(context.db, {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      userMetadata: input.data,
      confirmedAt: now,
    }));
  return signedUpSession(context, request, user.id, 'email');
}
