import { getTableColumns, type InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { identities, mfaFactors, users } from '../../db/schema/index.ts';
import type { FactorRow, IdentityRow, UserRow } from './serializers.ts';

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
 * A row of `table` from its `to_json` form, decoded by the table's own columns: the same values,
 * of the same types (Date, parsed JSON…), as a plain `select` gives.
 */
export function rowFromJson<T extends PgTable>(
  table: T,
  json: Record<string, unknown>,
): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

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
    userMetadata?: Record<string, unknown>;
    confirmedAt?: Date | null;
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
