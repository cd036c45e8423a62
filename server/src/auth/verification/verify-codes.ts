import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { safeEqual } from '../../lib/secure-random.ts';
import type { AuthContext } from '../auth-context.ts';
import { codeWasRight, countCodeTry } from '../policies/code-guessing.ts';
import {
  applyEmailToken,
  BANNED,
  LINK_TYPES,
  type LinkOutcome,
  type LinkType,
  type PhoneType,
} from './email-links.ts';
import { consumeOneTimeCode, type OneTimeTokenType } from './one-time-tokens.ts';
import { testCodeOf } from './phone-otp.ts';
import {
  completePhoneChange,
  confirmPhone,
  findUserByPhone,
  findUserByPhoneChange,
} from '../users/phone-users.ts';
import type { UserRow } from '../users/serializers.ts';
import { findUserByEmail, isBanned, loadUser, normalizeEmail } from '../users/users-repository.ts';

/**
 * The 6-digit code from an email (POST /verify with `email` and `token`): the address's user,
 * then the code, used once. For `email_change` the address is the current one or the new one,
 * and only the code mailed to that very address counts (GoTrue hashes the code with the address).
 */
export async function useEmailCode(
  context: AuthContext,
  email: string,
  code: string,
  type: LinkType,
): Promise<LinkOutcome> {
  const address = normalizeEmail(email);
  const hit = await countCodeTry(context, address);
  const candidates: [UserRow | undefined, readonly OneTimeTokenType[]][] =
    type === 'email_change'
      ? [
          [await findUserByEmail(context.db, address), ['email_change_current']],
          [await findEmailChangeUser(context, address), ['email_change_new']],
        ]
      : [[await findUserByEmail(context.db, address), LINK_TYPES[type].tokens]];
  for (const [user, tokens] of candidates) {
    if (!user) continue;
    if (isBanned(user)) throw BANNED();
    const used = await consumeOneTimeCode(context.db, user.id, code, tokens);
    if (!used || used.relatesTo !== address) continue;
    await codeWasRight(context, hit);
    return applyEmailToken(context, used, type);
  }
  return { kind: 'invalid' };
}

async function findEmailChangeUser(context: AuthContext, address: string) {
  const [user] = await context.db.select().from(users).where(eq(users.emailChange, address));
  return user;
}

/**
 * The code texted to a phone (POST /verify with `phone` and `token`). `sms` signs in the user
 * whose number it is and confirms it; `phone_change` moves the account to the number it was sent
 * to. A test number's fixed code (AUTH_SMS_TEST_OTP) always works and is never used up (GoTrue
 * alike); any other code works once, within its minute.
 */
export async function usePhoneCode(
  context: AuthContext,
  phone: string,
  code: string,
  type: PhoneType,
): Promise<LinkOutcome> {
  const hit = await countCodeTry(context, phone);
  const user =
    type === 'sms'
      ? await findUserByPhone(context.db, phone)
      : await findUserByPhoneChange(context.db, phone);
  if (!user) return { kind: 'invalid' };
  if (isBanned(user)) throw BANNED();
  if (!(await phoneCodeIsRight(context, user, phone, code, type))) return { kind: 'invalid' };
  await codeWasRight(context, hit);

  const firstConfirmation = !user.phoneConfirmedAt;
  if (type === 'sms') await confirmPhone(context.db, user);
  else if (!(await completePhoneChange(context.db, user))) return { kind: 'invalid' };
  const record = await loadUser(context.db, user.id);
  if (!record) return { kind: 'invalid' };
  const action =
    type === 'phone_change' ? 'user_modified' : firstConfirmation ? 'user_signedup' : 'login';
  return { kind: 'verified', record, type, action };
}

async function phoneCodeIsRight(
  context: AuthContext,
  user: UserRow,
  phone: string,
  code: string,
  type: PhoneType,
): Promise<boolean> {
  const testCode = testCodeOf(context, phone);
  // Constant time: a test code is a fixed secret of its own.
  if (testCode !== undefined && safeEqual(code, testCode)) return true;
  const token = type === 'sms' ? 'phone_otp' : 'phone_change';
  const used = await consumeOneTimeCode(context.db, user.id, code, [token]);
  return used !== undefined && used.relatesTo === phone;
}
