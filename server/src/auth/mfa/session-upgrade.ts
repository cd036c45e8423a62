import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mfaFactors, refreshTokens, sessionAmr, sessions } from '../../db/schema/index.ts';
import { randomToken } from '../../lib/secure-random.ts';
import { replaceRefreshTokens, type SessionRow } from '../tokens/sessions-repository.ts';

/** The `amr` method each factor type adds to a session (GoTrue's names). */
export const FACTOR_METHODS = {
  totp: 'totp',
  phone: 'mfa/phone',
  webauthn: 'mfa/webauthn',
} as const;

export type FactorType = keyof typeof FACTOR_METHODS;

/**
 * A second factor was verified in this session (GoTrue's mfa.go): the session becomes aal2 with the
 * factor's method in `amr`, and gets a new refresh token — the old one must not be able to mint
 * aal2 sessions. When the factor has just become verified, the user's other aal1 sessions end
 * (they were signed in with the password alone) and other unverified factors of its type go.
 * Returns the session and its new refresh token.
 */
export async function upgradeSession(
  db: Db,
  session: SessionRow,
  factor: { id: string; type: FactorType; newlyVerified: boolean },
): Promise<{ session: SessionRow; refreshToken: string }> {
  const refreshToken = randomToken();
  const now = new Date();
  return db.transaction(async (tx) => {
    const [upgraded] = await tx
      .update(sessions)
      .set({ aal: 'aal2', factorId: factor.id, updatedAt: now })
      .where(eq(sessions.id, session.id))
      .returning();
    await tx
      .insert(sessionAmr)
      .values({ sessionId: session.id, method: FACTOR_METHODS[factor.type] });
    await replaceRefreshTokens(tx, eq(refreshTokens.sessionId, session.id), {
      token: refreshToken,
      sessionId: session.id,
      userId: session.userId,
      now,
    });
    if (factor.newlyVerified) {
      const user = session.userId;
      const otherAal1Sessions = [ne(sessions.id, session.id), eq(sessions.aal, 'aal1')];
      await tx.delete(sessions).where(and(eq(sessions.userId, user), ...otherAal1Sessions));
      const otherUnfinished = [
        ne(mfaFactors.id, factor.id),
        eq(mfaFactors.factorType, factor.type),
        eq(mfaFactors.status, 'unverified'),
      ];
      await tx.delete(mfaFactors).where(and(eq(mfaFactors.userId, user), ...otherUnfinished));
    }
    return { session: upgraded ?? session, refreshToken };
  });
}

/**
 * A factor was removed: sessions that reached aal2 with it fall back to aal1 and lose its `amr`
 * entry (their tokens show it at the next refresh).
 */
export async function downgradeSessions(db: Db, factorId: string, type: FactorType): Promise<void> {
  await db.transaction(async (tx) => {
    const affected = await tx
      .update(sessions)
      .set({ aal: 'aal1', factorId: null, updatedAt: new Date() })
      .where(eq(sessions.factorId, factorId))
      .returning({ id: sessions.id });
    for (const { id } of affected) {
      await tx
        .delete(sessionAmr)
        .where(and(eq(sessionAmr.sessionId, id), eq(sessionAmr.method, FACTOR_METHODS[type])));
    }
  });
}
