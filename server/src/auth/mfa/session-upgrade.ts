import type { Db } from '../../db/client.ts';
import { randomToken } from '../../lib/secure-random.ts';
import {
  endOtherAal1Sessions,
  lowerFromAal2,
  raiseToAal2,
  replaceRefreshTokens,
  type SessionRow,
} from '../tokens/sessions-repository.ts';
import { dropOtherUnfinishedFactors } from './factors-repository.ts';

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
    const method = FACTOR_METHODS[factor.type];
    const upgraded = await raiseToAal2(tx, session.id, { id: factor.id, method }, now);
    await replaceRefreshTokens(
      tx,
      { sessionId: session.id },
      {
        token: refreshToken,
        sessionId: session.id,
        userId: session.userId,
        now,
      },
    );
    if (factor.newlyVerified) {
      await endOtherAal1Sessions(tx, session.userId, session.id);
      await dropOtherUnfinishedFactors(tx, session.userId, factor);
    }
    return { session: upgraded ?? session, refreshToken };
  });
}

/**
 * A factor was removed: sessions that reached aal2 with it fall back to aal1 and lose its `amr`
 * entry (their tokens show it at the next refresh).
 */
export const downgradeSessions = (db: Db, factorId: string, type: FactorType): Promise<void> =>
  lowerFromAal2(db, factorId, FACTOR_METHODS[type]);
