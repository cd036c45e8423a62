import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, webauthnCredentials } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/secure-random.ts';
import { AuthError } from '../http/auth-error.ts';
import type { NewPasskey } from './relying-party.ts';

export type PasskeyRow = typeof webauthnCredentials.$inferSelect;

/** GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER's default. */
export const MAX_PASSKEYS_PER_USER = 10;

const notFound = () => new AuthError(404, 'validation_failed', 'Passkey not found');

/** A user's passkeys, oldest first (as GoTrue lists them). */
export function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(asc(webauthnCredentials.createdAt), asc(webauthnCredentials.id));
}

/**
 * The user's passkey with this id, or GoTrue's 404: an id that is no UUID, unknown, or someone
 * else's all answer the same, so the answer tells nothing about other accounts.
 */
export async function ownPasskey(db: Db, userId: string, id: string): Promise<PasskeyRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function passkeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.credentialId, credentialId));
  return row;
}

/**
 * Keeps a new passkey, within the per-user limit. The user's row is locked while counting, so
 * two registrations finishing together cannot both slip under the limit; a credential already
 * registered (to anyone) is refused by its unique id.
 */
export async function addPasskey(
  db: Db,
  userId: string,
  passkey: NewPasskey,
  friendlyName: string,
): Promise<PasskeyRow> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [counted] = await tx
      .select({ n: count() })
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, userId));
    if ((counted?.n ?? 0) >= MAX_PASSKEYS_PER_USER)
      throw new AuthError(422, 'too_many_passkeys', 'Maximum number of passkeys reached');
    const [row] = await tx
      .insert(webauthnCredentials)
      .values({ userId, friendlyName, ...passkey })
      .onConflictDoNothing({ target: webauthnCredentials.credentialId })
      .returning();
    if (!row)
      throw new AuthError(
        422,
        'webauthn_credential_exists',
        'This credential is already registered',
      );
    return row;
  });
}

/**
 * Records a sign-in: the new counter and when. Only if the counter is still the one the signature
 * was checked against — of two sign-ins racing with the same counter value (a cloned
 * authenticator), one wins. Authenticators that keep no counter always send 0. False when lost.
 */
export async function recordUse(db: Db, passkey: PasskeyRow, newCount: number): Promise<boolean> {
  const rows = await db
    .update(webauthnCredentials)
    .set({ signCount: newCount, lastUsedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(webauthnCredentials.id, passkey.id),
        eq(webauthnCredentials.signCount, passkey.signCount),
      ),
    )
    .returning({ id: webauthnCredentials.id });
  return rows.length === 1;
}

export async function renamePasskey(db: Db, passkey: PasskeyRow, name: string) {
  const [row] = await db
    .update(webauthnCredentials)
    .set({ friendlyName: name, updatedAt: sql`now()` })
    .where(eq(webauthnCredentials.id, passkey.id))
    .returning();
  return row ?? passkey;
}

export async function deletePasskey(db: Db, passkey: PasskeyRow): Promise<void> {
  await db.delete(webauthnCredentials).where(eq(webauthnCredentials.id, passkey.id));
}
