import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../auth-context.ts';
import { AuthError } from '../http/auth-error.ts';
import { audit } from '../http/audit.ts';
import { lookAlikeUser } from '../users/look-alike-user.ts';
import { checkPassword, hashPassword } from '../users/passwords.ts';
import { requireSmsChannel } from '../verification/phone-change.ts';
import { sendPhoneCode } from '../verification/phone-otp.ts';
import {
  confirmPhone,
  createPhoneUser,
  findUserByPhone,
  validatePhone,
} from '../users/phone-users.ts';
import { readPkceChallenge } from '../tokens/pkce.ts';
import { serializeUser, type UserRow } from '../users/serializers.ts';
import { startSession } from '../tokens/session-response.ts';
import { loadUser } from '../users/users-repository.ts';
import { undoneOnFailure } from './otp.ts';

export interface PhoneSignup {
  phone: string;
  password: string;
  data: Record<string, unknown>;
  channel: unknown;
}

/**
 * POST /signup with `phone` and `password` (GoTrue's Signup for the phone provider), after the
 * checks it shares with an e-mail sign-up. A new number gets an account with the password and a
 * `phone` identity, and a code by text (type `sms` at /verify confirms it); the bare user comes
 * back. A number that signed up before but never confirmed gets a new code (one a minute), its
 * password unchanged; a confirmed one gets a look-alike answer and no text. With AUTH_AUTOCONFIRM
 * (GoTrue's SMS_AUTOCONFIRM) the number is confirmed at once and signed in instead.
 */
export async function signUpWithPhone(
  context: AuthContext,
  request: FastifyRequest,
  input: PhoneSignup,
) {
  requireSmsChannel(input.channel);
  if ((request.body as Record<string, unknown>).code_challenge) {
    throw new AuthError(400, 'validation_failed', 'PKCE not supported for phone signups');
  }
  readPkceChallenge(request.body); // half a pair is refused all the same (GoTrue)
  const phone = validatePhone(input.phone);
  const existing = await findUserByPhone(context.db, phone);
  if (context.options.autoconfirm) return signUpConfirmed(context, request, phone, existing, input);
  if (existing?.phoneConfirmedAt) {
    await audit(context.db, request, existing.id, 'user_repeated_signup');
    return lookAlikeUser({ provider: 'phone', phone, data: input.data });
  }
  const { user, created } = existing
    ? { user: existing, created: false }
    : await createPhoneUser(context.db, phone, input.data, await hashPassword(input.password));
  // The text fails or is refused (its minute, the SMS limit): a new account is undone.
  await undoneOnFailure(context, created ? user : undefined, async () => {
    await sendPhoneCode(context, request, user, phone, 'sign_in');
    await audit(context.db, request, user.id, 'user_confirmation_requested');
  });
  const record = await loadUser(context.db, user.id);
  if (!record) throw new Error('the new user vanished');
  return serializeUser(record.user, record.identities, record.factors);
}

/**
 * AUTH_AUTOCONFIRM: confirmed without a text and signed in with the `password` method. A taken
 * number is refused openly (422 `user_already_exists`, as GoTrue does). GoTrue also signs in
 * whoever signs up again with a number that was never confirmed, whatever password they give;
 * here only with that account's own password, so nobody takes over an account (or a number that
 * a code sign-in left unconfirmed) by signing up with it.
 */
async function signUpConfirmed(
  context: AuthContext,
  request: FastifyRequest,
  phone: string,
  existing: UserRow | undefined,
  input: PhoneSignup,
) {
  const owner =
    existing &&
    !existing.phoneConfirmedAt &&
    (await checkPassword(existing.encryptedPassword, input.password));
  if (existing && !owner) throw await alreadyRegistered(context, request, existing);
  let user = existing;
  if (!user) {
    const made = await createPhoneUser(
      context.db,
      phone,
      input.data,
      await hashPassword(input.password),
    );
    // Another request made it first: that one's account, not this one's to confirm.
    if (!made.created) throw await alreadyRegistered(context, request, made.user);
    user = made.user;
  }
  await confirmPhone(context.db, user);
  await audit(context.db, request, user.id, 'user_signedup', { provider: 'phone' });
  return startSession(context, request, user.id, 'password');
}

async function alreadyRegistered(context: AuthContext, request: FastifyRequest, user: UserRow) {
  await audit(context.db, request, user.id, 'user_repeated_signup');
  return new AuthError(422, 'user_already_exists', 'User already registered');
}
