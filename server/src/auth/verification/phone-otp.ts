import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { countHit } from '../../lib/rate-limit.ts';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { phoneCodeMessage } from '../mfa/phone.ts';
import { issueOneTimeToken } from './one-time-tokens.ts';
import { requestLanguage } from '../http/request-details.ts';
import { checkSendFrequency } from '../policies/send-frequency.ts';
import type { UserRow } from '../users/serializers.ts';

/** A texted code works for a minute (GoTrue's GOTRUE_SMS_OTP_EXP default). */
export const SMS_CODE_LIFETIME_SECONDS = 60;
/** At most one text per number and purpose per minute (GoTrue's GOTRUE_SMS_MAX_FREQUENCY). */
export const SMS_FREQUENCY_SECONDS = 60;

/** What a code is texted for: signing in (or up) with the number, or moving to a new one. */
export type PhoneCodePurpose = 'sign_in' | 'phone_change';

const PURPOSES = {
  sign_in: { token: 'phone_otp', sentAt: 'confirmationSentAt', name: 'confirmation' },
  phone_change: { token: 'phone_change', sentAt: 'phoneChangeSentAt', name: 'phone_change' },
} as const;

/** The fixed code of a test number (AUTH_SMS_TEST_OTP), if `phone` is one. */
export const testCodeOf = (context: AuthContext, phone: string): string | undefined =>
  Object.hasOwn(context.options.smsTestOtp, phone) ? context.options.smsTestOtp[phone] : undefined;

/**
 * Texts a 6-digit code to `phone` (GoTrue's sendPhoneConfirmation): at most one per number and
 * purpose within SMS_FREQUENCY_SECONDS (429 `over_sms_send_rate_limit`, test numbers included, so
 * they behave alike), then the server-wide SMS limit. Only the code's hash is kept, bound to the
 * user and to the number. A test number gets no text: its fixed code is checked at /verify.
 * Returns GoTrue's message id: `test-otp` for a test number, none (empty) otherwise.
 */
export async function sendPhoneCode(
  context: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  phone: string,
  purpose: PhoneCodePurpose,
): Promise<string> {
  const { token, sentAt, name } = PURPOSES[purpose];
  checkSendFrequency(user[sentAt], SMS_FREQUENCY_SECONDS, 'over_sms_send_rate_limit');
  const test = testCodeOf(context, phone) !== undefined;
  if (!test) {
    await countSmsSent(context);
    const { code } = await issueOneTimeToken(
      context.db,
      user.id,
      token,
      phone,
      SMS_CODE_LIFETIME_SECONDS,
    );
    // SMS gateways take E.164 with its plus, as the phone factors send it.
    await context.mfa.sms
      .send(`+${phone}`, phoneCodeMessage(requestLanguage(request), code))
      .catch((error: unknown) => {
        // The gateway's fault, logged without the message (it holds the code). GoTrue: 422.
        request.log.error({ err: error }, 'SMS could not be sent');
        throw new AuthError(422, 'sms_send_failed', `Error sending ${name} OTP to provider`);
      });
  }
  await context.db
    .update(users)
    .set({
      [sentAt]: new Date(),
      ...(purpose === 'phone_change' ? { phoneChange: phone } : {}),
    })
    .where(eq(users.id, user.id));
  return test ? 'test-otp' : '';
}

/** GoTrue's answer to a texted code: `{}`, or `{message_id}` when there is one. */
export const smsAnswer = (messageId: string) => (messageId ? { message_id: messageId } : {});

/** Texts cost money and can be abused to pump premium numbers: all of them are counted. */
async function countSmsSent(context: AuthContext): Promise<void> {
  const limit = context.rateLimits.smsSent;
  const { count } = await countHit(context.db, 'sms_sent', limit.windowSeconds * 1000);
  if (count > limit.max) {
    throw new AuthError(429, 'over_sms_send_rate_limit', 'SMS rate limit exceeded');
  }
}
