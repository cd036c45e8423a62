import { createPrivateKey, randomUUID, type JsonWebKey, type KeyObject } from 'node:crypto';
import { desc, gt, isNull, or, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/client.ts';
import { signingKeys } from '../../db/schema/index.ts';

export const SIGNING_ALGORITHM = 'ES256';

/** How long an instance keeps the keys it read: a rotation elsewhere reaches it within this. */
export const KEY_CACHE_MS = 60_000;

/** Any fixed number: the lock every instance takes while it looks for, or makes, the key. */
const KEY_LOCK = 724_151_002;

export interface SigningKey {
  kid: string;
  /** A node:crypto key: access tokens are signed synchronously (access-tokens.ts). */
  privateKey: KeyObject;
}

/** A public key as JWKS lists it (GoTrue's jwks.go). */
export type PublicJwk = JWK & { kid: string; alg: string; use: 'sig'; key_ops: ['verify'] };

/**
 * The active signing key, made on the very first start and kept in the database, so every
 * instance signs with the same key. Two instances starting together cannot both make one: the
 * check and the insert run under a transaction-scoped advisory lock.
 */
export async function activeSigningKey(db: Db): Promise<SigningKey> {
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
    const [existing] = await tx
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt))
      .orderBy(desc(signingKeys.createdAt))
      .limit(1);
    if (existing) return existing;
    const created = await newKeyRow();
    await tx.insert(signingKeys).values(created);
    return created;
  });
  return {
    kid: row.kid,
    privateKey: createPrivateKey({ key: row.privateJwk as JsonWebKey, format: 'jwk' }),
  };
}

/**
 * Retires the active key and makes a new one. The retired key stays in JWKS for `keepForSeconds`
 * (the access-token lifetime), so tokens it signed still verify until they expire.
 */
export async function rotateSigningKey(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
    await tx
      .update(signingKeys)
      .set({ retiredAt: new Date() })
      .where(isNull(signingKeys.retiredAt));
    await tx.insert(signingKeys).values(await newKeyRow());
  });
}

/** Public keys that may still have valid tokens: the active one and those retired recently. */
export async function publicKeys(db: Db, keepForSeconds: number): Promise<PublicJwk[]> {
  const since = new Date(Date.now() - keepForSeconds * 1000);
  const rows = await db
    .select({ publicJwk: signingKeys.publicJwk })
    .from(signingKeys)
    .where(or(isNull(signingKeys.retiredAt), gt(signingKeys.retiredAt, since)))
    .orderBy(desc(signingKeys.createdAt));
  return rows.map((row) => row.publicJwk as PublicJwk);
}

async function newKeyRow() {
  const kid = randomUUID();
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const publicJwk: PublicJwk = {
    ...(await exportJWK(publicKey)),
    kid,
    alg: SIGNING_ALGORITHM,
    use: 'sig',
    key_ops: ['verify'],
  };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALGORITHM };
  return { kid, algorithm: SIGNING_ALGORITHM, privateJwk, publicJwk };
}
