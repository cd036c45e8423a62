import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oauthAuthorizations, oauthClients, oauthConsents } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/secure-random.ts';
import { endClientSessions } from '../tokens/sessions-repository.ts';

export type AuthorizationRow = typeof oauthAuthorizations.$inferSelect;
export type ConsentRow = typeof oauthConsents.$inferSelect;

/** How long a request waits for the user's decision (GoTrue's AuthorizationTTL default). */
export const AUTHORIZATION_TTL_SECONDS = 600;
/** An issued code is exchanged within this many seconds, or not at all. */
export const CODE_TTL_SECONDS = 300;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The public handle of a request, 32 random letters and digits as GoTrue makes it: it travels in
 * the consent page's URL, and is only of use to the signed-in user who opens it first.
 */
function authorizationHandle(): string {
  // 248 = 4 × 62: bytes above it are skipped, so every character is equally likely.
  let handle = '';
  while (handle.length < 32) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && handle.length < 32) handle += ALPHANUMERIC[byte % 62];
    }
  }
  return handle;
}

export interface NewAuthorization {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  resource: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  nonce: string;
}

export async function createAuthorization(db: Db, input: NewAuthorization) {
  const [row] = await db
    .insert(oauthAuthorizations)
    .values({
      ...input,
      authorizationId: authorizationHandle(),
      state: input.state || null,
      resource: input.resource || null,
      nonce: input.nonce || null,
      codeChallengeMethod: input.codeChallengeMethod.toLowerCase(),
      expiresAt: new Date(Date.now() + AUTHORIZATION_TTL_SECONDS * 1000),
    })
    .returning();
  if (!row) throw new Error('inserting an authorization returned no row');
  return row;
}

/** The request with this handle, its row locked until the transaction ends. */
export async function lockAuthorization(tx: Db, handle: string) {
  const [row] = await tx
    .select()
    .from(oauthAuthorizations)
    .where(eq(oauthAuthorizations.authorizationId, handle))
    .for('update');
  return row;
}

export async function setAuthorization(tx: Db, id: string, values: Partial<AuthorizationRow>) {
  await tx.update(oauthAuthorizations).set(values).where(eq(oauthAuthorizations.id, id));
}

/**
 * Approves a request: it gets a code, returned once; only its hash is kept, and it expires
 * CODE_TTL_SECONDS from now (a code is meant to be exchanged at once).
 */
export async function approve(tx: Db, authorization: AuthorizationRow): Promise<string> {
  const code = randomToken();
  await setAuthorization(tx, authorization.id, {
    status: 'approved',
    approvedAt: new Date(),
    codeHash: hashToken(code),
    expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
  });
  return code;
}

/**
 * Takes the approved request a code belongs to, deleting it in the same statement: a code works
 * once, even when two exchanges race.
 */
export async function redeemCode(db: Db, code: string): Promise<AuthorizationRow | undefined> {
  const [row] = await db
    .delete(oauthAuthorizations)
    .where(
      and(
        eq(oauthAuthorizations.codeHash, hashToken(code)),
        eq(oauthAuthorizations.status, 'approved'),
      ),
    )
    .returning();
  return row;
}

/** The user's live consent for a client, if any. */
export async function activeConsent(db: Db, userId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(oauthConsents)
    .where(
      and(
        eq(oauthConsents.userId, userId),
        eq(oauthConsents.clientId, clientId),
        isNull(oauthConsents.revokedAt),
      ),
    );
  return row;
}

/** Records what the user granted: the scopes of this request, replacing any earlier grant. */
export async function upsertConsent(tx: Db, userId: string, clientId: string, scopes: string) {
  const now = new Date();
  await tx
    .insert(oauthConsents)
    .values({ userId, clientId, scopes, grantedAt: now })
    .onConflictDoUpdate({
      target: [oauthConsents.userId, oauthConsents.clientId],
      set: { scopes, grantedAt: now, revokedAt: null, updatedAt: now },
    });
}

/** The user's live grants with their (live) clients, newest first. */
export async function listGrants(db: Db, userId: string) {
  return db
    .select({ consent: oauthConsents, client: oauthClients })
    .from(oauthConsents)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthConsents.clientId))
    .where(
      and(
        eq(oauthConsents.userId, userId),
        isNull(oauthConsents.revokedAt),
        isNull(oauthClients.deletedAt),
      ),
    )
    .orderBy(desc(oauthConsents.grantedAt));
}

/**
 * Revokes the user's grant to a client and ends every session issued to that client for them
 * (with their refresh tokens), in one transaction. False when there was no live grant.
 */
export async function revokeGrant(db: Db, userId: string, clientId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(oauthConsents)
      .set({ revokedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(oauthConsents.userId, userId),
          eq(oauthConsents.clientId, clientId),
          isNull(oauthConsents.revokedAt),
        ),
      )
      .returning({ id: oauthConsents.id });
    if (revoked.length === 0) return false;
    await endClientSessions(tx, clientId, userId);
    return true;
  });
}

/** Drops requests long past their expiry (pending ones nobody finished, unused codes). */
export async function dropExpiredAuthorizations(db: Db): Promise<void> {
  await db
    .delete(oauthAuthorizations)
    .where(sql`${oauthAuthorizations.expiresAt} < now() - interval '1 day'`);
}
