import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identities, oneTimeTokens, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AuthError } from '../http/auth-error.ts';
import type { UserRow } from './serializers.ts';

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
 * Select-list SQL for the column `user`: the user (JSON, or null) whose number is `phone`, an SQL
 * expression holding a formatted number (read back with `userFromJson`).
 */
export const userByPhoneColumn = (phone: string) =>
  `(select to_json(u) from users u where u.phone = ${phone}) as "user"`;

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone));
  return user;
}

/** The user changing their number to `phone` (GoTrue's FindUserByPhoneChangeAndAudience). */
export async function findUserByPhoneChange(db: Db, phone: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phoneChange, phone));
  return user;
}

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
      const [user] = await tx
        .insert(users)
        .values({ phone, userMetadata, appMetadata: {}, encryptedPassword: passwordHash })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      await tx.insert(identities).values({
        userId: user.id,
        provider: 'phone',
        providerId: user.id,
        identityData: { sub: user.id, phone, email_verified: false, phone_verified: false },
      });
      return user;
    });
    return { user, created: true };
  } catch (error) {
    const existing = isUniqueViolation(error) ? await findUserByPhone(db, phone) : undefined;
    if (!existing) throw error;
    return { user: existing, created: false };
  }
}

/** Marks the phone identity's number verified (and, after a change, the number itself). */
const verifiedPhone = (phone: string) =>
  sql`${identities.identityData} || ${JSON.stringify({ phone, phone_verified: true })}::jsonb`;

/**
 * The code sent to the user's number came back: the number is confirmed (GoTrue sets the time
 * anew at each sign-in) and the codes still out for it are void.
 */
export async function confirmPhone(db: Db, user: UserRow): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ phoneConfirmedAt: now, isAnonymous: false, updatedAt: now })
      .where(eq(users.id, user.id));
    await tx
      .update(identities)
      .set({ identityData: verifiedPhone(user.phone ?? ''), updatedAt: now })
      .where(and(eq(identities.userId, user.id), eq(identities.provider, 'phone')));
    await tx
      .delete(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.tokenType, 'phone_otp')));
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
    await tx
      .update(users)
      .set({
        phone: next,
        phoneChange: null,
        phoneChangeSentAt: null,
        phoneConfirmedAt: now,
        isAnonymous: false,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    const changed = await tx
      .update(identities)
      .set({ identityData: verifiedPhone(next), updatedAt: now })
      .where(and(eq(identities.userId, user.id), eq(identities.provider, 'phone')))
      .returning({ id: identities.id });
    if (changed.length === 0) {
      await tx.insert(identities).values({
        userId: user.id,
        provider: 'phone',
        providerId: user.id,
        identityData: { sub: user.id, phone: next, email_verified: false, phone_verified: true },
      });
    }
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
  });
  return true;
}
