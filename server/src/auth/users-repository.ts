import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { identities, mfaFactors, users } from '../db/schema/index.ts';
import type { FactorRow, IdentityRow, UserRow } from './serializers.ts';

export interface UserRecord {
  user: UserRow;
  identities: IdentityRow[];
  factors: FactorRow[];
}

/** Emails are compared and stored lower-cased and trimmed. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return user;
}

/** A user with their identities and factors, or undefined. */
export async function loadUser(db: Db, id: string): Promise<UserRecord | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) return undefined;
  const [userIdentities, factors] = await Promise.all([
    db.select().from(identities).where(eq(identities.userId, id)),
    db.select().from(mfaFactors).where(eq(mfaFactors.userId, id)),
  ]);
  return { user, identities: userIdentities, factors };
}

/** Creates an email + password user with their email identity. */
export async function createEmailUser(
  db: Db,
  input: {
    email: string;
    passwordHash: string;
    userMetadata?: Record<string, unknown>;
    confirmedAt?: Date;
  },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const email = normalizeEmail(input.email);
    const [user] = await tx
      .insert(users)
      .values({
        email,
        encryptedPassword: input.passwordHash,
        emailConfirmedAt: input.confirmedAt ?? null,
        userMetadata: input.userMetadata ?? {},
        appMetadata: {},
      })
      .returning();
    if (!user) throw new Error('user insert returned nothing');
    await tx.insert(identities).values({
      userId: user.id,
      provider: 'email',
      providerId: user.id,
      email,
      identityData: {
        sub: user.id,
        email,
        email_verified: Boolean(input.confirmedAt),
        phone_verified: false,
      },
    });
    return user;
  });
}

export async function touchSignIn(db: Db, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at, updatedAt: at }).where(eq(users.id, userId));
}
