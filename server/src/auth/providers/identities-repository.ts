import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identities, users } from '../../db/schema/index.ts';
import type { IdentityRow, UserRow } from '../users/serializers.ts';
import type { ProviderProfile } from './profile.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

/**
 * A returning user: the identity takes the provider's current profile (keeping what the provider
 * sends only once, such as Apple's name) and so does the user's metadata, as Supabase does.
 */
export async function refreshIdentity(
  db: Db,
  identity: IdentityRow,
  profile: ProviderProfile,
): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(identities)
      .set({
        identityData: { ...(identity.identityData as Record<string, unknown>), ...profile.data },
        email: profile.email ?? identity.email,
        lastSignInAt: now,
        updatedAt: now,
      })
      .where(eq(identities.id, identity.id));
    const [user] = await tx.select().from(users).where(eq(users.id, identity.userId));
    if (!user) return;
    await tx
      .update(users)
      .set({
        userMetadata: { ...(user.userMetadata as Record<string, unknown>), ...profile.data },
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
  });
}

/**
 * Adds a provider identity to an account with the same (provider-verified) address. An account
 * whose address was never confirmed may have been opened by someone else with this address and
 * a password of theirs: the provider has now proven who owns the address, so that password and
 * the unconfirmed email identity go, and the address counts as confirmed.
 */
export async function linkIdentity(
  db: Db,
  user: UserRow,
  provider: string,
  profile: ProviderProfile,
): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    if (!user.emailConfirmedAt) {
      await tx
        .delete(identities)
        .where(and(eq(identities.userId, user.id), eq(identities.provider, 'email')));
      await tx
        .update(users)
        .set({ encryptedPassword: null, emailConfirmedAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
    }
    await insertIdentity(tx, user.id, provider, profile, now);
    await tx
      .update(users)
      .set({
        userMetadata: { ...profile.data, ...(user.userMetadata as Record<string, unknown>) },
        appMetadata: await providersMetadata(tx, user),
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
  });
}

/**
 * Manual linking: the identity joins the user, who keeps their profile. A user without an address
 * (anonymous) takes the identity's when the provider verified it, and is then a full account.
 */
export async function addIdentity(
  db: Db,
  user: UserRow,
  provider: string,
  profile: ProviderProfile,
): Promise<void> {
  const now = new Date();
  const adopt = user.email === null && profile.email !== undefined && profile.emailVerified;
  await db.transaction(async (tx) => {
    await insertIdentity(tx, user.id, provider, profile, now);
    await tx
      .update(users)
      .set({
        ...(adopt ? { email: profile.email, emailConfirmedAt: now, isAnonymous: false } : {}),
        appMetadata: await providersMetadata(tx, user),
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
  });
}

/** A new account from a provider: its address is confirmed, since the provider verified it. */
export async function createOAuthUser(
  db: Db,
  provider: string,
  profile: ProviderProfile,
): Promise<UserRow> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: profile.email ?? null,
        emailConfirmedAt: now,
        userMetadata: profile.data,
        appMetadata: { provider, providers: [provider] },
      })
      .returning();
    if (!user) throw new Error('user insert returned nothing');
    await insertIdentity(tx, user.id, provider, profile, now);
    return user;
  });
}

async function insertIdentity(
  tx: Tx,
  userId: string,
  provider: string,
  profile: ProviderProfile,
  now: Date,
): Promise<void> {
  await tx.insert(identities).values({
    userId,
    provider,
    providerId: profile.sub,
    identityData: profile.data,
    email: profile.email ?? null,
    lastSignInAt: now,
  });
}

/**
 * `raw_app_meta_data` with `provider` (the first way the user signed up) and `providers` (every
 * way they sign in now), in order of the identities' creation.
 */
async function providersMetadata(tx: Tx, user: UserRow): Promise<Record<string, unknown>> {
  const rows = await tx
    .select({ provider: identities.provider })
    .from(identities)
    .where(eq(identities.userId, user.id))
    .orderBy(asc(identities.createdAt));
  const providers = [...new Set(rows.map((row) => row.provider))];
  const current = user.appMetadata as Record<string, unknown>;
  return { ...current, provider: current.provider ?? providers[0], providers };
}
