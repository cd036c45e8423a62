import type { Db } from '../../db/client.ts';
import {
  addProviderIdentity,
  deleteEmailIdentity,
  identityProviders,
  refreshProviderIdentity,
} from '../users/identities-repository.ts';
import type { IdentityRow, UserRow } from '../users/serializers.ts';
import {
  changeAccount,
  type AccountChanges,
  findUserById,
  insertUser,
  mergeMetadata,
  mergeUserMetadata,
} from '../users/users-repository.ts';
import type { ProviderProfile } from './profile.ts';

/*
 * A provider sign-in's changes to the account (Google, Apple): the identity and the user, each
 * in one transaction of the two tables' repository operations.
 */

/**
 * A returning user: the identity takes the provider's current profile (keeping what the provider
 * sends only once, such as Apple's name) and so does the user's metadata, as Supabase does.
 */
export async function refreshIdentity(
  db: Db,
  identity: IdentityRow,
  profile: ProviderProfile,
): Promise<void> {
  return atOnce(db, async (tx, now) => {
    await refreshProviderIdentity(tx, identity, profile, now);
    const user = await findUserById(tx, identity.userId);
    if (user) await mergeUserMetadata(tx, user, profile.data, now);
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
  return atOnce(db, async (tx, now) => {
    if (!user.emailConfirmedAt) {
      await deleteEmailIdentity(tx, user.id);
      await changeAccount(tx, user.id, { encryptedPassword: null, emailConfirmedAt: now }, now);
    }
    await joinAccount(tx, user, provider, profile, now, {
      userMetadata: mergeMetadata(profile.data, user.userMetadata as Record<string, unknown>),
    });
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
  const adopt = user.email === null && profile.email !== undefined && profile.emailVerified;
  return atOnce(db, (tx, now) =>
    joinAccount(
      tx,
      user,
      provider,
      profile,
      now,
      adopt ? { email: profile.email, emailConfirmedAt: now, isAnonymous: false } : {},
    ),
  );
}

/** A new account from a provider: its address is confirmed, since the provider verified it. */
export async function createOAuthUser(
  db: Db,
  provider: string,
  profile: ProviderProfile,
): Promise<UserRow> {
  return atOnce(db, async (tx, now) => {
    const user = await insertUser(tx, {
      email: profile.email ?? null,
      emailConfirmedAt: now,
      userMetadata: profile.data,
      appMetadata: { provider, providers: [provider] },
    });
    if (!user) throw new Error('user insert returned nothing');
    await addProviderIdentity(tx, user.id, provider, profile, now);
    return user;
  });
}

/** One transaction, with one "now" for every row it writes. */
function atOnce<T>(db: Db, change: (tx: Db, now: Date) => Promise<T>): Promise<T> {
  const now = new Date();
  return db.transaction((tx) => change(tx, now));
}

/** The identity joins the account, which takes `changes` and lists the identity's provider. */
async function joinAccount(
  tx: Db,
  user: UserRow,
  provider: string,
  profile: ProviderProfile,
  now: Date,
  changes: AccountChanges,
): Promise<void> {
  await addProviderIdentity(tx, user.id, provider, profile, now);
  await changeAccount(
    tx,
    user.id,
    { ...changes, appMetadata: await providersMetadata(tx, user) },
    now,
  );
}

/**
 * `raw_app_meta_data` with `provider` (the first way the user signed up) and `providers` (every
 * way they sign in now), in order of the identities' creation.
 */
async function providersMetadata(tx: Db, user: UserRow): Promise<Record<string, unknown>> {
  const providers = [...new Set(await identityProviders(tx, user.id))];
  const current = user.appMetadata as Record<string, unknown>;
  return { ...current, provider: current.provider ?? providers[0], providers };
}
