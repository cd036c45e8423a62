import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { requireEmailFormat } from '../policies/credential-rules.ts';
import { mailLink } from '../verification/link-mail.ts';
import { requireSmsChannel } from '../verification/phone-change.ts';
import { sendPhoneCode, smsAnswer } from '../verification/phone-otp.ts';
import { createPhoneUser, findUserByPhone, validatePhone } from '../users/phone-users.ts';
import { readPkceChallenge, type PkceChallenge } from '../tokens/pkce.ts';
import { readBody } from '../http/request-body.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import type { UserRow } from '../users/serializers.ts';
import { createEmailUser, findUserByEmail, normalizeEmail } from '../users/users-repository.ts';

const body = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  create_user: z.boolean().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  channel: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
});

type OtpInput = z.infer<typeof body>;

const invalid = (message: string) => new AuthError(400, 'validation_failed', message);

export const SIGNUP_DISABLED = () =>
  new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');

/**
 * POST /otp (supabase-js `signInWithOtp`, GoTrue's `Otp`): signs in without a password.
 * - `email`: a known, confirmed address gets a magic link with its 6-digit code; an unknown (or
 *   unconfirmed) one becomes a new account and gets the signup confirmation, whose link and code
 *   sign in just the same. Both answer `{}`, so the form does not tell who has an account.
 * - `phone`: a 6-digit code by text message, the number's account made first if need be.
 * `create_user: false` only serves existing accounts (422 `otp_disabled` otherwise, as GoTrue
 * answers — that one does reveal the account); AUTH_DISABLE_SIGNUP refuses new ones (422
 * `signup_disabled`). Limited per IP with sign-ups and resets (`otp`), and per account and mail
 * or text like every link and code.
 */
export function otpRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/otp', { config: rateLimitFor(context.rateLimits.otp, 'otp') }, async (request) => {
    const input = readBody(body, request.body);
    const { email, phone } = input;
    if (email && phone) throw invalid('Only an email address or phone number should be provided');
    if (email && input.channel) throw invalid('Channel should only be specified with Phone OTP');
    const pkce = readPkceChallenge(input);
    if (input.create_user === false && !(await hasAccount(context, input))) {
      throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
    }
    if (email) return emailOtp(context, request, email, input.data ?? {}, pkce);
    if (phone) return phoneOtp(context, request, phone, input);
    throw invalid('One of email or phone must be set');
  });
}

/** GoTrue counts a malformed address as no account here (its `shouldCreateUser`). */
async function hasAccount(context: AuthContext, { email, phone }: OtpInput): Promise<boolean> {
  try {
    if (email) {
      requireEmailFormat(email);
      return (await findUserByEmail(context.db, email)) !== undefined;
    }
    if (phone) return (await findUserByPhone(context.db, validatePhone(phone))) !== undefined;
    return true;
  } catch (error) {
    if (error instanceof AuthError) return false;
    throw error;
  }
}

async function emailOtp(
  context: AuthContext,
  request: FastifyRequest,
  given: string,
  data: Record<string, unknown>,
  pkce: PkceChallenge | undefined,
) {
  if (given.length > 255) throw invalid('An email address is too long');
  requireEmailFormat(given);
  const email = normalizeEmail(given);
  const existing = await findUserByEmail(context.db, email);
  if (existing?.emailConfirmedAt) {
    await mailLink(context, request, existing, 'magiclink', pkce);
    await audit(context.db, request, existing.id, 'user_recovery_requested');
    return {};
  }
  // Unknown or never confirmed: a sign-up (GoTrue hands it to /signup, with no password).
  if (context.options.disableSignup) throw SIGNUP_DISABLED();
  const { user, created } = existing
    ? { user: existing, created: false }
    : await newEmailUser(context, email, data);
  await undoneOnFailure(context, created ? user : undefined, async () => {
    if (context.options.autoconfirm) {
      // Confirmed at once, as a sign-up would be; the magic link then signs in.
      const [confirmed] = await context.db
        .update(users)
        .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      await mailLink(context, request, confirmed ?? user, 'magiclink', pkce);
      await audit(context.db, request, user.id, 'user_signedup');
      return;
    }
    await mailLink(context, request, user, 'signup', pkce);
    await audit(context.db, request, user.id, 'user_confirmation_requested');
  });
  return {};
}

/**
 * Sends a new account its first mail or text; when that fails (a limit, the mail server, the SMS
 * gateway) the account is removed again, as GoTrue's sign-up transaction rolls it back: a refused
 * request leaves nothing behind, and trying again starts afresh.
 */
export async function undoneOnFailure(
  context: AuthContext,
  created: UserRow | undefined,
  send: () => Promise<void>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (created) await context.db.delete(users).where(eq(users.id, created.id));
    throw error;
  }
}

/**
 * A new account without a password; of two requests racing for one address, both get it (the
 * loser with `created: false`, so only the winner would undo it).
 */
async function newEmailUser(
  context: AuthContext,
  email: string,
  userMetadata: Record<string, unknown>,
): Promise<{ user: UserRow; created: boolean }> {
  try {
    const user = await createEmailUser(context.db, { email, passwordHash: null, userMetadata });
    return { user, created: true };
  } catch (error) {
    const existing = isUniqueViolation(error)
      ? await findUserByEmail(context.db, email)
      : undefined;
    if (!existing) throw error;
    return { user: existing, created: false };
  }
}

async function phoneOtp(
  context: AuthContext,
  request: FastifyRequest,
  given: string,
  input: OtpInput,
) {
  const phone = validatePhone(given);
  requireSmsChannel(input.channel);
  const existing = await findUserByPhone(context.db, phone);
  if (existing?.phoneConfirmedAt) {
    const messageId = await sendPhoneCode(context, request, existing, phone, 'sign_in');
    await audit(context.db, request, existing.id, 'user_recovery_requested');
    return smsAnswer(messageId);
  }
  if (context.options.disableSignup) throw SIGNUP_DISABLED();
  const { user, created } = existing
    ? { user: existing, created: false }
    : await createPhoneUser(context.db, phone, input.data ?? {});
  await undoneOnFailure(context, created ? user : undefined, async () => {
    await sendPhoneCode(context, request, user, phone, 'sign_in');
    await audit(context.db, request, user.id, 'user_confirmation_requested');
  });
  // A sign-up answers `{}` whatever was sent (GoTrue).
  return {};
}
