import { createHash } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  identities,
  mfaFactors,
  oneTimeTokens,
  sessions,
  users,
  webauthnCredentials,
} from '../../db/schema/index.ts';
import type { UserRow } from '../users/serializers.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Metadata = Record<string, unknown>;

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

/** GoTrue's metadata update: every key set to its new value, a key set to null removed. */
export function mergeMetadata(current: unknown, updates: Metadata): Metadata {
  const removed = new Set(
    Object.entries(updates)
      .filter(([, value]) => value === null)
      .map(([key]) => key),
  );
  return Object.fromEntries(
    Object.entries({ ...(current as Metadata), ...updates }).filter(([key]) => !removed.has(key)),
  );
}

/**
 * Makes the user with an identity for each address (`email`, `phone`), in one transaction.
 * Undefined when the id or the email is already taken (a race the callers' checks lost).
 */
export async function insertAdminUser(db: Db, input: NewAdminUser): Promise<UserRow | undefined> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        ...(input.id ? { id: input.id } : {}),
        email: input.email ?? null,
        phone: input.phone ?? null,
        encryptedPassword: input.passwordHash ?? null,
        emailConfirmedAt: input.emailConfirmed ? now : null,
        phoneConfirmedAt: input.phoneConfirmed ? now : null,
        userMetadata: input.userMetadata ?? {},
        appMetadata: mergeMetadata({}, input.appMetadata ?? {}),
        bannedUntil: input.bannedUntil ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) return undefined;
    // Identities are listed oldest first and `providers` follows them: email, then phone, as in
    // GoTrue (one transaction's now() would tie them).
    if (input.email) await addIdentity(tx, user, 'email', input.email, input.emailConfirmed, now);
    if (input.phone) {
      const later = new Date(now.getTime() + 1);
      await addIdentity(tx, user, 'phone', input.phone, input.phoneConfirmed, later);
    }
    return user;
  });
}

async function addIdentity(
  tx: Tx,
  user: UserRow,
  provider: 'email' | 'phone',
  address: string,
  verified = false,
  createdAt = new Date(),
): Promise<void> {
  await tx.insert(identities).values({
    createdAt,
    updatedAt: createdAt,
    userId: user.id,
    provider,
    providerId: user.id,
    email: provider === 'email' ? address : null,
    identityData: {
      sub: user.id,
      [provider]: address,
      email_verified: provider === 'email' && verified,
      phone_verified: provider === 'phone' && verified,
    },
  });
}

/**
 * The address's identity follows the user's new address (one is made if the user had none),
 * `<provider>_verified` saying whether the admin confirmed it, as GoTrue's admin update does.
 */
async function moveIdentity(
  tx: Tx,
  user: UserRow,
  provider: 'email' | 'phone',
  address: string,
  verified: boolean,
): Promise<void> {
  const data = { [provider]: address, [`${provider}_verified`]: verified };
  const moved = await tx
    .update(identities)
    .set({
      ...(provider === 'email' ? { email: address } : {}),
      identityData: sql`${identities.identityData} || ${JSON.stringify(data)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(identities.userId, user.id), eq(identities.provider, provider)))
    .returning({ id: identities.id });
  if (moved.length === 0) await addIdentity(tx, user, provider, address, verified);
}

/**
 * Applies an admin update in one transaction, in GoTrue's order. Confirming an address voids the
 * user's outstanding links; a new password voids them too and ends every session, since whoever
 * held the old one may be the reason for the change.
 */
export async function applyChanges(db: Db, user: UserRow, changes: UserChanges): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
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
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
    }
    if (voidLinks) await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    if (changes.email) {
      await moveIdentity(tx, user, 'email', changes.email, Boolean(changes.emailConfirm));
      set.email = changes.email;
    }
    if (changes.phone) {
      await moveIdentity(tx, user, 'phone', changes.phone, Boolean(changes.phoneConfirm));
      set.phone = changes.phone;
    }
    if (changes.appMetadata) set.appMetadata = mergeMetadata(user.appMetadata, changes.appMetadata);
    if (changes.userMetadata)
      set.userMetadata = mergeMetadata(user.userMetadata, changes.userMetadata);
    if (changes.bannedUntil !== undefined) set.bannedUntil = changes.bannedUntil;
    await tx.update(users).set(set).where(eq(users.id, user.id));
  });
}

/** GoTrue's obfuscation of a soft-deleted user's values: unreadable, still unique per user. */
const obfuscate = (userId: string, value: string) =>
  createHash('sha256').update(`${userId}${value}`).digest('base64url');

/**
 * GoTrue's soft delete: the row stays (so does the app's data, which hangs on it), marked
 * `deleted_at`, but nothing of it can sign in any more — addresses replaced by hashes, password,
 * metadata and outstanding links gone, identities emptied and unlinked from their provider
 * accounts, factors, sign-in passkeys and sessions deleted.
 */
export async function softDeleteUser(db: Db, user: UserRow): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        email: obfuscate(user.id, user.email ?? ''),
        phone: obfuscate(user.id, user.phone ?? '').slice(0, 15),
        emailChange: null,
        encryptedPassword: null,
        userMetadata: {},
        appMetadata: {},
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    const linked = await tx.select().from(identities).where(eq(identities.userId, user.id));
    for (const identity of linked) {
      const providerId = obfuscate(user.id, `${identity.provider}:${identity.providerId}`);
      await tx
        .update(identities)
        .set({ identityData: {}, email: null, providerId, updatedAt: now })
        .where(eq(identities.id, identity.id));
    }
    await tx.delete(mfaFactors).where(eq(mfaFactors.userId, user.id));
    await tx.delete(webauthnCredentials).where(eq(webauthnCredentials.userId, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
  });
}

/** True for PostgreSQL's unique_violation, however deep the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** True when another user than `exceptId` has this phone number. */
export async function phoneTaken(db: Db, phone: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.phone, phone), ne(users.id, exceptId)) : eq(users.phone, phone))
    .limit(1);
  return rows.length > 0;
}
