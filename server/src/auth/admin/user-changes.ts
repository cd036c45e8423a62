import type { Db } from '../../db/client.ts';
import { deleteUserFactors } from '../mfa/factors-repository.ts';
import { deleteUserPasskeys } from '../passkeys/passkeys-repository.ts';
import { endUserSessions } from '../tokens/sessions-repository.ts';
import {
  addAddressIdentity,
  emptyIdentities,
  moveAddressIdentity,
} from '../users/identities-repository.ts';
import type { UserRow } from '../users/serializers.ts';
import {
  changeAccount,
  insertUser,
  mergeMetadata,
  obfuscate,
  softDeleteUserRow,
  type AccountChanges,
  type Metadata,
} from '../users/users-repository.ts';
import { voidOneTimeTokens } from '../verification/one-time-tokens-repository.ts';

/*
 * The admin API's writes that span the user's tables, each in one transaction, composed of the
 * tables' repository operations.
 */

/** A user the admin API makes (POST /admin/users, /invite, generate_link). */
export interface NewAdminUser {
  id?: string;
  email?: string;
  phone?: string;
  passwordHash?: string | null;
  emailConfirmed?: boolean;
  phoneConfirmed?: boolean;
  userMetadata?: Metadata;
  appMetadata?: Metadata;
  bannedUntil?: Date | null;
}

/** What PUT /admin/users/{id} changes, in GoTrue's order (see applyChanges). */
export interface UserChanges {
  emailConfirm?: boolean;
  phoneConfirm?: boolean;
  passwordHash?: string | null;
  email?: string;
  phone?: string;
  appMetadata?: Metadata;
  userMetadata?: Metadata;
  bannedUntil?: Date | null;
}

/** GoTrue's admin metadata update: a key set to null is removed. */
const adminMerge = (current: unknown, updates: Metadata) =>
  mergeMetadata(current, updates, { nullRemoves: true });

/** An identity an admin update adds or moves is stamped with the clock's time, not now(). */
const stampedNow = () => {
  const now = new Date();
  return { now, createdAt: now };
};

/**
 * Makes the user with an identity for each address (`email`, `phone`), in one transaction.
 * Undefined when the id or the email is already taken (a race the callers' checks lost).
 */
export async function insertAdminUser(db: Db, input: NewAdminUser): Promise<UserRow | undefined> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const user = await insertUser(
      tx,
      {
        ...(input.id ? { id: input.id } : {}),
        email: input.email ?? null,
        phone: input.phone ?? null,
        encryptedPassword: input.passwordHash ?? null,
        emailConfirmedAt: input.emailConfirmed ? now : null,
        phoneConfirmedAt: input.phoneConfirmed ? now : null,
        userMetadata: input.userMetadata ?? {},
        appMetadata: adminMerge({}, input.appMetadata ?? {}),
        bannedUntil: input.bannedUntil ?? null,
      },
      'skip',
    );
    if (!user) return undefined;
    // Identities are listed oldest first and `providers` follows them: email, then phone, as in
    // GoTrue (one transaction's now() would tie them).
    if (input.email) {
      await addAddressIdentity(tx, user.id, 'email', input.email, input.emailConfirmed, now);
    }
    if (input.phone) {
      const later = new Date(now.getTime() + 1);
      await addAddressIdentity(tx, user.id, 'phone', input.phone, input.phoneConfirmed, later);
    }
    return user;
  });
}

/**
 * Applies an admin update in one transaction, in GoTrue's order. Confirming an address voids the
 * user's outstanding links; a new password voids them too and ends every session, since whoever
 * held the old one may be the reason for the change. The address's identity follows a new
 * address (one is made if the user had none), `<provider>_verified` saying whether the admin
 * confirmed it, as GoTrue's admin update does.
 */
export async function applyChanges(db: Db, user: UserRow, changes: UserChanges): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const set: AccountChanges = {};
    const voidLinks = changes.emailConfirm || changes.phoneConfirm || changes.passwordHash;
    if (changes.emailConfirm) set.emailConfirmedAt = now;
    if (changes.phoneConfirm) set.phoneConfirmedAt = now;
    if (changes.passwordHash !== undefined) {
      Object.assign(set, {
        encryptedPassword: changes.passwordHash,
        confirmationSentAt: null,
        recoverySentAt: null,
        emailChangeSentAt: null,
      });
      await endUserSessions(tx, user.id);
    }
    if (voidLinks) await voidOneTimeTokens(tx, user.id);
    if (changes.email) {
      const verified = Boolean(changes.emailConfirm);
      await moveAddressIdentity(tx, user.id, 'email', changes.email, verified, stampedNow());
      set.email = changes.email;
    }
    if (changes.phone) {
      const verified = Boolean(changes.phoneConfirm);
      await moveAddressIdentity(tx, user.id, 'phone', changes.phone, verified, stampedNow());
      set.phone = changes.phone;
    }
    if (changes.appMetadata) set.appMetadata = adminMerge(user.appMetadata, changes.appMetadata);
    if (changes.userMetadata)
      set.userMetadata = adminMerge(user.userMetadata, changes.userMetadata);
    if (changes.bannedUntil !== undefined) set.bannedUntil = changes.bannedUntil;
    await changeAccount(tx, user.id, set, now);
  });
}

/**
 * GoTrue's soft delete: the row stays (so does the app's data, which hangs on it), marked
 * `deleted_at`, but nothing of it can sign in any more — addresses replaced by hashes, password,
 * metadata and outstanding links gone, identities emptied and unlinked from their provider
 * accounts, factors, sign-in passkeys and sessions deleted.
 */
export async function softDeleteUser(db: Db, user: UserRow): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await softDeleteUserRow(tx, user, now);
    await voidOneTimeTokens(tx, user.id);
    await emptyIdentities(tx, user.id, (value) => obfuscate(user.id, value), now);
    await deleteUserFactors(tx, user.id);
    await deleteUserPasskeys(tx, user.id);
    await endUserSessions(tx, user.id);
  });
}
