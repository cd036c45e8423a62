import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { rowFromJson } from '../../db/row-from-json.ts';
import { identities, mfaFactors, users } from '../../db/schema/index.ts';
import { addAddressIdentity } from './identities-repository.ts';
import type { FactorRow, IdentityRow, UserRow } from './serializers.ts';

/*
 * The one owner of `users`: every read and write of the table goes through these operations.
 * Each takes a `Db`, and a transaction passes as one: flows that change the user together with
 * other tables (identities, sessions, links) run them inside their transaction. Hand-written
 * statements (prepared, ADR 007) select users with the column SQL exported here.
 */

export type Metadata = Record<string, unknown>;

export interface UserRecord {
  user: UserRow;
  identities: IdentityRow[];
  factors: FactorRow[];
}

/** True while a ban is in force (`banned_until` in the future). */
export const isBanned = (user: { bannedUntil: Date | null }) =>
  user.bannedUntil !== null && user.bannedUntil > new Date();

/** Emails are compared and stored lower-cased and trimmed. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await runPrepared<UserByEmail>(db, FIND_BY_EMAIL, [normalizeEmail(email)]);
  return userFromJson(row);
}

/**
 * Select-list SQL for the column `user`: the user (JSON, or null) whose address is `email`, an SQL
 * expression holding a normalised address (normalizeEmail).
 */
export const userByEmailColumn = (email: string) =>
  `(select to_json(u) from users u where u.email = ${email}) as "user"`;

/**
 * Select-list SQL for the column `user`: the user (JSON, or null) whose number is `phone`, an SQL
 * expression holding a formatted number (read back with `userFromJson`).
 */
export const userByPhoneColumn = (phone: string) =>
  `(select to_json(u) from users u where u.phone = ${phone}) as "user"`;

export interface UserByEmail {
  user: Record<string, unknown> | null;
}

/** The user `userByEmailColumn` selected, or undefined. */
export const userFromJson = (row: UserByEmail | undefined): UserRow | undefined =>
  row?.user ? rowFromJson(users, row.user) : undefined;

const FIND_BY_EMAIL = {
  name: 'partak_find_user_by_email',
  text: `select ${userByEmailColumn('$1')}`,
};

/**
 * Select-list SQL for the columns `user`, `identities` and `factors` (JSON) of the user whose id
 * is `userId`: an SQL expression such as a column or a placeholder, never a value.
 */
export function userRecordColumns(
  userId: string,
  user = `(select to_json(u) from users u where u.id = ${userId})`,
): string {
  return `${user} as "user",
    coalesce((select json_agg(i order by i.created_at, i.id) from identities i
      where i.user_id = ${userId}), '[]') as "identities",
    coalesce((select json_agg(f order by f.created_at, f.id) from mfa_factors f
      where f.user_id = ${userId}), '[]') as "factors"`;
}

export interface UserRecordJson {
  user: Record<string, unknown> | null;
  identities: Record<string, unknown>[];
  factors: Record<string, unknown>[];
}

/** The record `userRecordColumns` selected, or undefined when there is no such user. */
export function userRecordFromJson(row: UserRecordJson | undefined): UserRecord | undefined {
  if (!row?.user) return undefined;
  return {
    user: rowFromJson(users, row.user),
    identities: row.identities.map((identity) => rowFromJson(identities, identity)),
    factors: row.factors.map((factor) => rowFromJson(mfaFactors, factor)),
  };
}

const LOAD_USER = {
  name: 'partak_load_user',
  text: `select ${userRecordColumns('$1::uuid')}`,
};

/**
 * A user with their identities and factors (each oldest first), or undefined: one prepared
 * statement, so one round trip and one consistent snapshot.
 */
export async function loadUser(db: Db, id: string): Promise<UserRecord | undefined> {
  const [row] = await runPrepared<UserRecordJson>(db, LOAD_USER, [id]);
  return userRecordFromJson(row);
}

/** Creates an email user (with a password, or none) with their email identity. */
export async function createEmailUser(
  db: Db,
  input: {
    email: string;
    passwordHash: string | null;
    userMetadata?: Metadata;
    confirmedAt?: Date | null;
  },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const email = normalizeEmail(input.email);
    const user = await insertUser(tx, {
      email,
      encryptedPassword: input.passwordHash,
      emailConfirmedAt: input.confirmedAt ?? null,
      userMetadata: input.userMetadata ?? {},
      appMetadata: {},
    });
    if (!user) throw new Error('user insert returned nothing');
    await addAddressIdentity(tx, user.id, 'email', email, Boolean(input.confirmedAt));
    return user;
  });
}

/**
 * Metadata updated as Supabase does it: every key of `updates` set to its new value, the others
 * kept. With `nullRemoves` (GoTrue's admin API), a key set to null is removed instead.
 */
export function mergeMetadata(
  current: unknown,
  updates: Metadata,
  { nullRemoves = false } = {},
): Metadata {
  const merged = { ...(current as Metadata), ...updates };
  if (!nullRemoves) return merged;
  return Object.fromEntries(
    Object.entries(merged).filter(([key]) => !(key in updates && updates[key] === null)),
  );
}

/** A new user row; undefined when `onConflict` is `skip` and the id or an address is taken. */
export async function insertUser(
  db: Db,
  values: typeof users.$inferInsert,
  onConflict: 'throw' | 'skip' = 'throw',
): Promise<UserRow | undefined> {
  const insert = db.insert(users).values(values);
  const [user] = await (onConflict === 'skip' ? insert.onConflictDoNothing() : insert).returning();
  return user;
}

/** An anonymous user: no address, no password, no identity. */
export async function createAnonymousUser(db: Db, userMetadata: Metadata): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ isAnonymous: true, userMetadata, appMetadata: {} })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  return user.id;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** The user, their row locked until the transaction `tx` ends. */
export async function lockUser(tx: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return user;
}

/** The user's id as stored, or undefined when there is no such user. */
export async function findUserId(db: Db, id: string): Promise<string | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return user?.id;
}

/** The user's email address: null without one, undefined when there is no such user. */
export async function userEmail(db: Db, id: string): Promise<string | null | undefined> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return user?.email;
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone));
  return user;
}

/** The user changing their number to `phone` (GoTrue's FindUserByPhoneChangeAndAudience). */
export async function findUserByPhoneChange(db: Db, phone: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.phoneChange, phone));
  return user;
}

/** The user changing their address to `email`. */
export async function findUserByEmailChange(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.emailChange, email));
  return user;
}

/** True when another user than `exceptId` has this email address. */
export async function emailTaken(db: Db, email: string, exceptId: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptId)));
  return taken !== undefined;
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

/** The columns that record when a mail or text last went to the user. */
export type SentStamp =
  | 'confirmationSentAt'
  | 'recoverySentAt'
  | 'invitedAt'
  | 'emailChangeSentAt'
  | 'reauthenticationSentAt'
  | 'phoneChangeSentAt';

/**
 * Records that a mail or text went out: each stamp set to `now`, with what was sent about (an
 * address being changed to, metadata a repeated sign-up brought). Returns the updated user.
 */
export async function recordSent(
  db: Db,
  userId: string,
  stamps: readonly SentStamp[],
  about: { emailChange?: string; phoneChange?: string; userMetadata?: Metadata } = {},
  now = new Date(),
): Promise<UserRow | undefined> {
  const set: Partial<typeof users.$inferInsert> = { ...about };
  for (const stamp of stamps) set[stamp] = now;
  const [user] = await db.update(users).set(set).where(eq(users.id, userId)).returning();
  return user;
}

/** The user's email address is confirmed. Returns the updated user. */
export async function confirmEmail(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ emailConfirmedAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

/** The account moves to the confirmed address `email` (an anonymous one becomes permanent). */
export async function completeEmailChange(
  db: Db,
  userId: string,
  email: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ email, emailChange: null, emailConfirmedAt: now, isAnonymous: false, updatedAt: now })
    .where(eq(users.id, userId));
}

/** The user's number is confirmed (GoTrue sets the time anew at each sign-in). */
export async function markPhoneConfirmed(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ phoneConfirmedAt: now, isAnonymous: false, updatedAt: now })
    .where(eq(users.id, userId));
}

/** The account moves to the confirmed number `phone`. */
export async function moveToConfirmedPhone(
  db: Db,
  userId: string,
  phone: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      phone,
      phoneChange: null,
      phoneChangeSentAt: null,
      phoneConfirmedAt: now,
      isAnonymous: false,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

export async function setPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  now = new Date(),
): Promise<void> {
  await db
    .update(users)
    .set({ encryptedPassword: passwordHash, updatedAt: now })
    .where(eq(users.id, userId));
}

/** The user's metadata with `updates` merged in (mergeMetadata). */
export async function mergeUserMetadata(
  db: Db,
  user: UserRow,
  updates: Metadata,
  now = new Date(),
): Promise<void> {
  await db
    .update(users)
    .set({ userMetadata: mergeMetadata(user.userMetadata, updates), updatedAt: now })
    .where(eq(users.id, user.id));
}

/**
 * The changes of a flow that sets several of the user's columns at once (an admin update,
 * linking or unlinking an identity); `updated_at` is set with them.
 */
export type AccountChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'email'
    | 'phone'
    | 'emailChange'
    | 'emailChangeSentAt'
    | 'emailConfirmedAt'
    | 'phoneConfirmedAt'
    | 'encryptedPassword'
    | 'confirmationSentAt'
    | 'recoverySentAt'
    | 'isAnonymous'
    | 'userMetadata'
    | 'appMetadata'
    | 'bannedUntil'
  >
>;

export async function changeAccount(
  db: Db,
  userId: string,
  changes: AccountChanges,
  now = new Date(),
): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId));
}

/** GoTrue's obfuscation of a soft-deleted user's values: unreadable, still unique per user. */
export const obfuscate = (userId: string, value: string) =>
  createHash('sha256').update(`${userId}${value}`).digest('base64url');

/**
 * GoTrue's soft delete of the row: kept (so is the app's data, which hangs on it), marked
 * `deleted_at`, addresses replaced by hashes, password and metadata gone.
 */
export async function softDeleteUserRow(db: Db, user: UserRow, now: Date): Promise<void> {
  await db
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
}

/** Deletes the row; everything of the user's goes with it (`on delete cascade`). */
export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}
