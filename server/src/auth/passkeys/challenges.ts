import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webauthnChallenges } from '../../db/schema/index.ts';
import { hashToken, isUuid } from '../../lib/secure-random.ts';
import { AuthError } from '../http/auth-error.ts';
import { newChallenge } from './relying-party.ts';

export type CeremonyType = 'registration' | 'authentication';

/** GoTrue's GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION default: five minutes to answer. */
export const CHALLENGE_LIFETIME_MS = 300_000;

/**
 * Expired challenges are kept this long to answer "expired" rather than "not found" (supabase-js
 * tells apps to start again on `webauthn_challenge_expired`), then swept.
 */
const KEEP_EXPIRED_MS = 3_600_000;

export interface IssuedChallenge {
  id: string;
  challenge: string;
  expiresAt: Date;
}

/**
 * Starts a ceremony: a new challenge, of which only the hash is stored, under a random id the
 * client sends back. A registration is bound to its user; a sign-in has none (discoverable
 * credentials). Sign-in challenges can be asked for by anyone, so each new one sweeps the long
 * expired: the table stays the size of the ceremonies under way (and the rate limit bounds that).
 */
export async function issueChallenge(
  db: Db,
  type: CeremonyType,
  userId: string | null,
  now = Date.now(),
): Promise<IssuedChallenge> {
  await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, new Date(now - KEEP_EXPIRED_MS)));
  const challenge = newChallenge();
  const expiresAt = new Date(now + CHALLENGE_LIFETIME_MS);
  const [row] = await db
    .insert(webauthnChallenges)
    .values({ userId, challengeType: type, challengeHash: hashToken(challenge), expiresAt })
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new Error('storing a passkey challenge returned no row');
  return { id: row.id, challenge, expiresAt };
}

/**
 * Takes a challenge out of the store, so it can be answered once only: one `delete … returning`,
 * so of two answers racing with the same id, one finds it and the other does not. The challenge
 * must be of the ceremony's type and, for a registration, the caller's own. Returns its hash.
 * Throws GoTrue's 400s: unknown or used (`webauthn_challenge_not_found`), expired (also used up).
 */
export async function consumeChallenge(
  db: Db,
  id: string,
  type: CeremonyType,
  userId: string | null,
  now = Date.now(),
): Promise<string> {
  if (!isUuid(id))
    throw new AuthError(400, 'validation_failed', 'challenge_id must be a valid UUID');
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.challengeType, type),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning();
  if (!row)
    throw new AuthError(400, 'webauthn_challenge_not_found', 'Challenge not found or already used');
  if (row.expiresAt.getTime() < now)
    throw new AuthError(400, 'webauthn_challenge_expired', 'Challenge has expired');
  return row.challengeHash;
}
