import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identities } from '../../db/schema/index.ts';
import type { IdentityRow } from './serializers.ts';

/*
 * The one owner of `identities`: a user's ways to sign in (email, phone, Google, Apple). Every
 * operation takes a `Db`, and a transaction passes as one: flows that change the user with their
 * identities (sign-up, address changes, linking, soft delete) run them inside their transaction.
 */

type AddressProvider = 'email' | 'phone';

export async function findIdentity(
  db: Db,
  provider: string,
  sub: string,
): Promise<IdentityRow | undefined> {
  const [identity] = await db
    .select()
    .from(identities)
    .where(and(eq(identities.provider, provider), eq(identities.providerId, sub)));
  return identity;
}

/** The user's identities, oldest first (ties by id). */
export async function listIdentities(db: Db, userId: string): Promise<IdentityRow[]> {
  return db
    .select()
    .from(identities)
    .where(eq(identities.userId, userId))
    .orderBy(asc(identities.createdAt), asc(identities.id));
}

/** The providers of the user's identities, in order of creation (one entry per identity). */
export async function identityProviders(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ provider: identities.provider })
    .from(identities)
    .where(eq(identities.userId, userId))
    .orderBy(asc(identities.createdAt));
  return rows.map((row) => row.provider);
}

/**
 * The identity of a user's email address or phone number (`provider_id` is the user's id), its
 * `identity_data` saying whether the address is verified.
 */
export async function addAddressIdentity(
  db: Db,
  userId: string,
  provider: AddressProvider,
  address: string,
  verified = false,
  createdAt?: Date,
): Promise<void> {
  await db.insert(identities).values({
    ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
    userId,
    provider,
    providerId: userId,
    email: provider === 'email' ? address : null,
    identityData: {
      sub: userId,
      [provider]: address,
      email_verified: provider === 'email' && verified,
      phone_verified: provider === 'phone' && verified,
    },
  });
}

/**
 * The address's identity follows the user's new address, `<provider>_verified` saying whether it
 * is confirmed; one is made (created at `createdAt`, or the database's now) if the user had none.
 */
export async function moveAddressIdentity(
  db: Db,
  userId: string,
  provider: AddressProvider,
  address: string,
  verified: boolean,
  { now = new Date(), createdAt }: { now?: Date; createdAt?: Date } = {},
): Promise<void> {
  const data = { [provider]: address, [`${provider}_verified`]: verified };
  const moved = await db
    .update(identities)
    .set({
      ...(provider === 'email' ? { email: address } : {}),
      identityData: sql`${identities.identityData} || ${JSON.stringify(data)}::jsonb`,
      updatedAt: now,
    })
    .where(and(eq(identities.userId, userId), eq(identities.provider, provider)))
    .returning({ id: identities.id });
  if (moved.length === 0) {
    await addAddressIdentity(db, userId, provider, address, verified, createdAt);
  }
}

/** The phone identity's number is verified (the code sent to it came back). */
export async function verifyPhoneIdentity(
  db: Db,
  userId: string,
  phone: string,
  now: Date,
): Promise<void> {
  const data = JSON.stringify({ phone, phone_verified: true });
  await db
    .update(identities)
    .set({ identityData: sql`${identities.identityData} || ${data}::jsonb`, updatedAt: now })
    .where(and(eq(identities.userId, userId), eq(identities.provider, 'phone')));
}

/** A provider's identity (Google, Apple) for the user, signed in with just now. */
export async function addProviderIdentity(
  db: Db,
  userId: string,
  provider: string,
  profile: { sub: string; data: Record<string, unknown>; email?: string },
  now: Date,
): Promise<void> {
  await db.insert(identities).values({
    userId,
    provider,
    providerId: profile.sub,
    identityData: profile.data,
    email: profile.email ?? null,
    lastSignInAt: now,
  });
}

/** A returning provider sign-in: the identity takes the provider's current profile. */
export async function refreshProviderIdentity(
  db: Db,
  identity: IdentityRow,
  profile: { data: Record<string, unknown>; email?: string },
  now: Date,
): Promise<void> {
  await db
    .update(identities)
    .set({
      identityData: { ...(identity.identityData as Record<string, unknown>), ...profile.data },
      email: profile.email ?? identity.email,
      lastSignInAt: now,
      updatedAt: now,
    })
    .where(eq(identities.id, identity.id));
}

export async function deleteIdentity(db: Db, id: string): Promise<void> {
  await db.delete(identities).where(eq(identities.id, id));
}

/** The user's email identity goes (an unconfirmed address a provider has now proven). */
export async function deleteEmailIdentity(db: Db, userId: string): Promise<void> {
  await db
    .delete(identities)
    .where(and(eq(identities.userId, userId), eq(identities.provider, 'email')));
}

/**
 * A soft delete: each identity emptied and unlinked from its provider account, its provider id
 * replaced by `obfuscate(provider:providerId)`.
 */
export async function emptyIdentities(
  db: Db,
  userId: string,
  obfuscate: (value: string) => string,
  now: Date,
): Promise<void> {
  const linked = await db.select().from(identities).where(eq(identities.userId, userId));
  for (const identity of linked) {
    const providerId = obfuscate(`${identity.provider}:${identity.providerId}`);
    await db
      .update(identities)
      .set({ identityData: {}, email: null, providerId, updatedAt: now })
      .where(eq(identities.id, identity.id));
  }
}
