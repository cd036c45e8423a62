import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { requireEmailFormat } from '../policies/credential-rules.ts';
import { mailEmailChange, mailLink } from '../verification/link-mail.ts';
import { sendPhoneCode, smsAnswer } from '../verification/phone-otp.ts';
import { findUserByPhone, validatePhone } from '../users/phone-users.ts';
import { readPkceChallenge, type PkceChallenge } from '../tokens/pkce.ts';
import { readBody } from '../http/request-body.ts';
import { rateLimitFor } from '../../lib/rate-limit.ts';
import type { UserRow } from '../users/serializers.ts';
import { findUserByEmail } from '../users/users-repository.ts';

const body = z.object({
  type: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
});

const TYPES = ['signup', 'email_change', 'sms', 'phone_change'] as const;
type ResendType = (typeof TYPES)[number];

const invalid = (message: string) => new AuthError(400, 'validation_failed', message);

/**
 * POST /resend (supabase-js `resend`, GoTrue's `Resend`): the signup confirmation, the email-change
 * mails, or the texted sign-up or phone-change code, sent again — with a new link and code, the
 * old ones void. Unknown addresses and accounts with nothing pending answer `{}` and get nothing,
 * so the form does not tell who has an account; the per-account frequency still applies (429).
 */
export function resendRoute(app: FastifyInstance, context: AuthContext): void {
  app.post('/resend', { config: rateLimitFor(context.rateLimits.otp, 'otp') }, async (request) => {
    const input = readBody(body, request.body);
    const type = TYPES.find((known) => known === input.type);
    if (!type) throw invalid('Missing one of these types: signup, email_change, sms, phone_change');
    const pkce =
      type === 'signup' || type === 'email_change' ? readPkceChallenge(input) : undefined;
    if (!input.email && type === 'signup') throw invalid('Type provided requires an email address');
    if (!input.phone && type === 'sms') throw invalid('Type provided requires a phone number');
    const user = await accountOf(context, input.email, input.phone);
    if (!user) return {};
    return resend(context, request, user, type, pkce);
  });
}

async function accountOf(
  context: AuthContext,
  email: string | undefined,
  phone: string | undefined,
): Promise<UserRow | undefined> {
  if (email && phone) throw invalid('Only an email address or phone number should be provided.');
  if (email) {
    if (email.length > 255) throw invalid('An email address is too long');
    requireEmailFormat(email);
    return findUserByEmail(context.db, email);
  }
  if (phone) return findUserByPhone(context.db, validatePhone(phone));
  throw invalid('Missing email address or phone number');
}

async function resend(
  context: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  type: ResendType,
  pkce: PkceChallenge | undefined,
) {
  switch (type) {
    case 'signup':
      if (user.emailConfirmedAt || !user.email) return {};
      await audit(context.db, request, user.id, 'user_confirmation_requested');
      await mailLink(context, request, user, 'signup', pkce);
      return {};
    case 'email_change':
      if (!user.emailChange || !user.email) return {};
      await mailEmailChange(context, request, user, user.emailChange, pkce);
      return {};
    case 'sms': {
      if (user.phoneConfirmedAt || !user.phone) return {};
      await audit(context.db, request, user.id, 'user_recovery_requested');
      return smsAnswer(await sendPhoneCode(context, request, user, user.phone, 'sign_in'));
    }
    case 'phone_change': {
      if (!user.phoneChange) return {};
      const messageId = await sendPhoneCode(
        context,
        request,
        user,
        user.phoneChange,
        'phone_change',
      );
      return smsAnswer(messageId);
    }
  }
}
