import { createHmac } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshTokens, sessionAmr, sessions } from '../db/schema/index.ts';
import { hashToken, randomToken } from '../lib/secure-random.ts';
import type { AmrEntry } from './access-tokens.ts';

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Refresh tokens are kept only as hashes. A rotated token is derived from its parent with a
 * server secret (HMAC), so when two tabs race with the same token the second one can be given the
 * token the first one got — without the database ever holding a usable token.
 */
export function childToken(parent: string, secret: string): string {
  return createHmac('sha256', secret).update(parent).digest('base64url');
}

/** Starts a session for a sign-in method and returns it with its first refresh token. */
export async function createSession(
  db: Db,
  userId: string,
  method: string,
  details: { userAgent?: string; ip?: string },
): Promise<{ session: SessionRow; refreshToken: string }> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({ userId, userAgent: details.userAgent ?? null, ip: details.ip ?? null })
      .returning();
    if (!session) throw new Error('session insert returned nothing');
    await tx.insert(sessionAmr).values({ sessionId: session.id, method });
    const refreshToken = randomToken();
    await tx
      .insert(refreshTokens)
      .values({ tokenHash: hashToken(refreshToken), sessionId: session.id, userId });
    return { session, refreshToken };
  });
}

/** The `amr` claim: the session's authentication methods, newest first. */
export async function sessionMethods(db: Db, sessionId: string): Promise<AmrEntry[]> {
  const rows = await db
    .select()
    .from(sessionAmr)
    .where(eq(sessionAmr.sessionId, sessionId))
    .orderBy(desc(sessionAmr.createdAt));
  return rows.map((row) => ({
    method: row.method,
    timestamp: Math.floor(row.createdAt.getTime() / 1000),
  }));
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [session] = await db.select().from(sessions).where(eq(sessions.id, id));
  return session;
}

export type RotationResult =
  | { kind: 'rotated' | 'reused'; session: SessionRow; refreshToken: string }
  | { kind: 'not_found' | 'already_used' | 'session_not_found' };

/**
 * Uses a refresh token (auth-api-contract §4.1). A live token is revoked and replaced by its
 * child. A revoked token whose child is the session's live token, presented again within the
 * reuse interval, gets that child back (a second tab that raced the first). Any other reuse of a
 * revoked token means it was copied: the whole session ends. The token's row is locked for the
 * duration, so two racing requests are decided one after the other.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  options: { secret: string; reuseSeconds: number; now?: Date },
): Promise<RotationResult> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .for('update');
    if (!row) return { kind: 'not_found' as const };
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, row.sessionId));
    if (!session) return { kind: 'session_not_found' as const };

    const child = childToken(token, options.secret);
    if (row.revoked) {
      const [live] = await tx
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.sessionId, session.id), eq(refreshTokens.revoked, false)));
      const withinInterval = now.getTime() - row.updatedAt.getTime() <= options.reuseSeconds * 1000;
      if (live && live.tokenHash === hashToken(child) && withinInterval) {
        return { kind: 'reused' as const, session, refreshToken: child };
      }
      await tx.delete(sessions).where(eq(sessions.id, session.id));
      return { kind: 'already_used' as const };
    }

    await tx
      .update(refreshTokens)
      .set({ revoked: true, updatedAt: now })
      .where(eq(refreshTokens.id, row.id));
    await tx.insert(refreshTokens).values({
      tokenHash: hashToken(child),
      sessionId: session.id,
      userId: row.userId,
      parentHash: row.tokenHash,
    });
    const [refreshed] = await tx
      .update(sessions)
      .set({ refreshedAt: now, updatedAt: now })
      .where(eq(sessions.id, session.id))
      .returning();
    return { kind: 'rotated' as const, session: refreshed ?? session, refreshToken: child };
  });
}

/** Ends sessions for logout: just this one, all of the user's, or all but this one. */
export async function endSessions(
  db: Db,
  userId: string,
  sessionId: string,
  scope: 'local' | 'global' | 'others',
): Promise<void> {
  if (scope === 'local') await db.delete(sessions).where(eq(sessions.id, sessionId));
  else if (scope === 'global') await db.delete(sessions).where(eq(sessions.userId, userId));
  else
    await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId)));
}
