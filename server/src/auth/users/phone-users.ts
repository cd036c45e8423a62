import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AuthError } from '../http/auth-error.ts';
import { voidOneTimeTokens } from '../verification/one-time-tokens-repository.ts';
import {
  addAddressIdentity,
  moveAddressIdentity,
  verifyPhoneIdentity,
} from './identities-repository.ts';
import type { UserRow } from './serializers.ts';
import {
  findUserByPhone,
  insertUser,
  markPhoneConfirmed,
  moveToConfirmedPhone,
} from './users-repository.ts';

/**
 * A phone number as GoTrue takes it: a leading plus and spaces dropped, then E.164 digits (a
 * country code and at most 15 digits in all). Stored and compared in this form, as GoTrue does.
 */
export function validatePhone(input: string): string {
  const phone = formatPhone(input);
  if (!/^[1-9]\d{1,14}$/.test(phone)) {
    throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  }
  return phone;
}

/** A number with its leading plus and spaces dropped, unchecked (GoTrue's formatPhoneNumber). */
export const formatPhone = (input: string): string => input.replace(/^\+/, '').replaceAll(' ', '');

/**
 * A user who signs in with their phone (and, from a sign-up, a password), with a `phone`
 * identity, unconfirmed until the code comes back. Two requests racing for the same new number
 * make one user: the loser of the insert gets the winner's (`created: false`).
 */
export async function createPhoneUser(
  db: Db,
  phone: string,
  userMetadata: Record<string, unknown>,
  passwordHash: string | null = null,
): Promise<{ user: UserRow; created: boolean }> {
  try {
    const user = await db.transaction(async (tx) => {
      const values = { phone, userMetadata, appMetadata: {}, encryptedPassword: passwordHash };
      const user = await insertUser(tx, values);
      if (!user) throw new Error('user insert returned nothing');
      await addAddressIdentity(tx, user.id, 'phone', phone);
      return user;
    });
    return { user, created: true };
  } catch (error) {
    const existing = isUniqueViolation(error) ? await findUserByPhone(db, phone) : undefined;
    if (!existing) throw error;
    return { user: existing, created: false };
  }
}

/**
 * The code sent to the user's number came back: the number is confirmed (GoTrue sets the time
 * anew at each sign-in) and the codes still out for it are void.
 */
export async function confirmPhone(db: Db, user: UserRow): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await markPhoneConfirmed(tx, user.id, now);
    await verifyPhoneIdentity(tx, user.id, user.phone ?? '', now);
    await voidOneTimeTokens(tx, user.id, 'phone_otp');
  });
}

/**
 * The code sent to the new number came back: the account moves to it, confirmed, and gets a
 * `phone` identity if it had none (a user who signed up by e-mail adding a number). Refused when
 * someone else has taken the number meanwhile.
 */
export async function completePhoneChange(db: Db, user: UserRow): Promise<boolean> {
  const next = user.phoneChange;
  if (!next) return false;
  const taken = await findUserByPhone(db, next);
  if (taken && taken.id !== user.id) return false;
  const now = new Date();
  await db.transaction(async (tx) => {
    await moveToConfirmedPhone(tx, user.id, next, now);
    await moveAddressIdentity(tx, user.id, 'phone', next, true, { now });
    await voidOneTimeTokens(tx, user.id);
  });
  return true;
}
