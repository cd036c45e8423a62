import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { sendPhoneCode } from './phone-otp.ts';
import { findUserByPhone, validatePhone } from '../users/phone-users.ts';
import type { UserRow } from '../users/serializers.ts';

export const INVALID_CHANNEL =
  "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.";

/** `channel` as GoTrue takes it: absent means `sms`, the only one we have. */
export function requireSmsChannel(channel: unknown): void {
  if (channel !== undefined && channel !== null && channel !== '' && channel !== 'sms') {
    throw new AuthError(400, 'validation_failed', INVALID_CHANNEL);
  }
}

/** The number a PUT /user asks to move to (checked), or undefined when it is the current one. */
export function requestedPhone(user: UserRow, phone: string, channel: unknown): string | undefined {
  const next = validatePhone(phone);
  requireSmsChannel(channel);
  return next === user.phone ? undefined : next;
}

/** A number another account has is refused (422), before anything of the request is done. */
export async function refuseTakenPhone(context: AuthContext, phone: string): Promise<void> {
  if (await findUserByPhone(context.db, phone)) {
    throw new AuthError(
      422,
      'phone_exists',
      'A user with this phone number has already been registered',
    );
  }
}

/**
 * PUT /user with a new `phone` (GoTrue's phone change): a code is texted to the new number and
 * the account moves there once POST /verify gets it back with `type: phone_change` — so nobody can
 * put a number on an account without holding the phone.
 */
export async function startPhoneChange(
  context: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  phone: string,
): Promise<void> {
  await sendPhoneCode(context, request, user, phone, 'phone_change');
  await audit(context.db, request, user.id, 'user_modified');
}
