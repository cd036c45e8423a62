import { and, desc, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mfaChallenges, mfaFactors } from '../../db/schema/index.ts';
import type { FactorRow } from '../users/serializers.ts';

/**
 * The one owner of `mfa_factors` and `mfa_challenges` (a challenge belongs to its factor and is
 * recorded together with the factor's `last_challenged_at`): every read and write of the two.
 */
export type ChallengeRow = typeof mfaChallenges.$inferSelect;

export async function listFactors(db: Db, userId: string): Promise<FactorRow[]> {
  return db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
}

export async function insertFactor(
  db: Db,
  values: typeof mfaFactors.$inferInsert,
): Promise<FactorRow> {
  const [factor] = await db.insert(mfaFactors).values(values).returning();
  if (!factor) throw new Error('factor insert returned nothing');
  return factor;
}

export async function deleteFactor(db: Db, id: string): Promise<void> {
  await db.delete(mfaFactors).where(eq(mfaFactors.id, id));
}

/** Every factor of the user (a soft delete). */
export async function deleteUserFactors(db: Db, userId: string): Promise<void> {
  await db.delete(mfaFactors).where(eq(mfaFactors.userId, userId));
}

/** The user's unverified factors enrolled before `before`: never finished, they go. */
export async function dropUnfinishedFactors(db: Db, userId: string, before: Date): Promise<void> {
  await db
    .delete(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, userId),
        eq(mfaFactors.status, 'unverified'),
        lt(mfaFactors.createdAt, before),
      ),
    );
}

/** The user's other unverified factors of this type (one of them has just been verified). */
export async function dropOtherUnfinishedFactors(
  db: Db,
  userId: string,
  factor: { id: string; type: string },
): Promise<void> {
  const otherUnfinished = [
    ne(mfaFactors.id, factor.id),
    eq(mfaFactors.factorType, factor.type),
    eq(mfaFactors.status, 'unverified'),
  ];
  await db.delete(mfaFactors).where(and(eq(mfaFactors.userId, userId), ...otherUnfinished));
}

/**
 * A correct answer: the factor is verified with what the answer changed on it (a TOTP step, a
 * passkey's credential). With a step, only a step beyond the stored one counts, so of two racing
 * requests with the same TOTP code only one moves it on. False when the step was already used.
 */
export async function markFactorVerified(
  db: Db,
  factorId: string,
  changes: Partial<FactorRow>,
): Promise<boolean> {
  const step = changes.totpLastStep;
  const [updated] = await db
    .update(mfaFactors)
    .set({ ...changes, status: 'verified', updatedAt: new Date() })
    .where(
      and(
        eq(mfaFactors.id, factorId),
        step === undefined || step === null
          ? undefined
          : or(isNull(mfaFactors.totpLastStep), lt(mfaFactors.totpLastStep, step)),
      ),
    )
    .returning({ id: mfaFactors.id });
  return updated !== undefined;
}

/** Records a challenge for the factor and stamps the factor's `last_challenged_at`. */
export async function recordChallenge(
  db: Db,
  values: Omit<typeof mfaChallenges.$inferInsert, 'id' | 'createdAt' | 'verifiedAt'>,
  now: Date,
): Promise<ChallengeRow | undefined> {
  const [challenge] = await db.insert(mfaChallenges).values(values).returning();
  await db
    .update(mfaFactors)
    .set({ lastChallengedAt: now })
    .where(eq(mfaFactors.id, values.factorId));
  return challenge;
}

/** When the factor's newest challenge was made, if it has one. */
export async function lastChallengeAt(db: Db, factorId: string): Promise<Date | undefined> {
  const [last] = await db
    .select({ createdAt: mfaChallenges.createdAt })
    .from(mfaChallenges)
    .where(eq(mfaChallenges.factorId, factorId))
    .orderBy(desc(mfaChallenges.createdAt))
    .limit(1);
  return last?.createdAt;
}

export async function findChallenge(
  db: Db,
  id: string,
  factorId: string,
): Promise<ChallengeRow | undefined> {
  const [challenge] = await db
    .select()
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.id, id), eq(mfaChallenges.factorId, factorId)));
  return challenge;
}

export async function deleteChallenge(db: Db, id: string): Promise<void> {
  await db.delete(mfaChallenges).where(eq(mfaChallenges.id, id));
}

/**
 * Marks a challenge answered; the check and the mark are one statement, so of two racing answers
 * only one gets true.
 */
export async function markChallengeAnswered(db: Db, id: string): Promise<boolean> {
  const [claimed] = await db
    .update(mfaChallenges)
    .set({ verifiedAt: new Date() })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.verifiedAt)))
    .returning({ id: mfaChallenges.id });
  return claimed !== undefined;
}
