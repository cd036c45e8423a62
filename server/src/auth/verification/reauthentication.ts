import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { renderMail } from '../../mail/templates.ts';
import type { Authenticated } from '../tokens/access-verifier.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { countEmailSent } from '../policies/email-send-limit.ts';
import { checkFrequency, sendMail } from './link-mail.ts';
import { phoneCodeMessage } from '../mfa/phone.ts';
import { consumeOneTimeCode, issueOneTimeToken } from './one-time-tokens.ts';
import { requestLanguage } from '../http/request-details.ts';
import { checkSendFrequency } from '../policies/send-frequency.ts';
import { SMS_FREQUENCY_SECONDS } from './phone-otp.ts';
import type { UserRow } from '../users/serializers.ts';

/**
 * A session younger than this may change the password without a nonce: its user has just proven
 * who they are by signing in (GoTrue's `UserUpdate`, 24 hours).
 */
export const RECENT_SIGN_IN_MS = 24 * 3600_000;

/**
 * GET /reauthenticate (GoTrue's `Reauthenticate`): a 6-digit nonce to the user's confirmed email,
 * or by text message to their confirmed phone when they have no email, at most one per mail
 * frequency. Only its hash is stored (one-time-tokens.ts), bound to the address it went to, and
 * a new one replaces the last.
 */
export async function sendReauthenticationNonce(
  context: AuthContext,
  request: FastifyRequest,
  user: UserRow,
): Promise<void> {
  const email = user.email ?? '';
  const phone = user.phone ?? '';
  if (!email && !phone) {
    throw new AuthError(
      400,
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (email && !user.emailConfirmedAt)
    throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
  if (!email && !user.phoneConfirmedAt)
    throw new AuthError(422, 'phone_not_confirmed', 'Please verify your phone first.');

  if (email) {
    checkFrequency(context, user.reauthenticationSentAt);
    await countEmailSent(context.db, context.rateLimits.emailSent);
    const { code } = await issue(context, user, email);
    const mail = renderMail('reauthentication', requestLanguage(request), email, '', { code });
    await sendMail(context, mail, 'Error sending reauthentication email');
  } else {
    checkSendFrequency(
      user.reauthenticationSentAt,
      SMS_FREQUENCY_SECONDS,
      'over_sms_send_rate_limit',
    );
    const { code } = await issue(context, user, phone);
    await context.mfa.sms
      .send(phone, phoneCodeMessage(requestLanguage(request), code))
      .catch((error: unknown) => {
        // The gateway's fault: logged without the message, which holds the nonce.
        request.log.error({ err: error }, 'SMS could not be sent');
        throw new AuthError(500, 'sms_send_failed', 'Error sending SMS');
      });
  }
  await context.db
    .update(users)
    .set({ reauthenticationSentAt: new Date() })
    .where(eq(users.id, user.id));
  await audit(context.db, request, user.id, 'user_reauthenticate_requested');
}

const issue = (context: AuthContext, user: UserRow, address: string) =>
  issueOneTimeToken(context.db, user.id, 'reauthentication', address, context.otpLifetimeSeconds);

const invalidNonce = () =>
  new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');

/**
 * With AUTH_SECURE_PASSWORD_CHANGE, a password change from a session older than a day needs the
 * nonce GET /reauthenticate sent (GoTrue's `UserUpdate` and `verifyReauthentication`): a stolen
 * long-lived session alone cannot lock the owner out. The nonce is used up when it matches; it
 * must still belong to the address it was sent to. A younger session needs none (any nonce it
 * sends is ignored, as GoTrue does).
 */
export async function requireReauthentication(
  context: AuthContext,
  { record, session }: Authenticated,
  nonce: string | null | undefined,
): Promise<void> {
  if (!context.options.securePasswordChange) return;
  if (Date.now() - session.createdAt.getTime() <= RECENT_SIGN_IN_MS) return;
  if (!nonce) {
    throw new AuthError(
      400,
      'reauthentication_needed',
      'Password update requires reauthentication',
    );
  }
  const { user } = record;
  const used = await consumeOneTimeCode(context.db, user.id, nonce, ['reauthentication']);
  if (!used || used.relatesTo !== (user.email || user.phone)) throw invalidNonce();
}
