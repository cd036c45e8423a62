import { and, asc, eq, sql } from 'drizzle-orm';
import type { CreateGoal, GoalRecord, UpdateGoal } from '@partak/domain/api/goals';
import { NEW_GOAL_MILESTONES, progressOf } from '@partak/domain/goals';
import type { Db } from '../../db/client.ts';
import { goals } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { deleteRemembered, missing, refuseDeleted } from './deletions-repository.ts';

type GoalRow = typeof goals.$inferSelect;

/** A row as the API sends it: progress is always derived from the steps. */
export function goalRecord(row: GoalRow): GoalRecord {
  return {
    id: row.id,
    title: row.title,
    milestones: row.milestones,
    completedMilestones: row.completedMilestones,
    progress: progressOf(row.completedMilestones, row.milestones),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

const owned = (userId: string, id: string) => and(eq(goals.userId, userId), eq(goals.id, id));

export async function listGoals(db: Db, userId: string): Promise<GoalRecord[]> {
  const rows = await db
    .select()
    .from(goals)
    .where(eq(goals.userId, userId))
    .orderBy(asc(goals.createdAt), asc(goals.id));
  return rows.map(goalRecord);
}

/**
 * Makes the goal under the client's id, or answers the one already made under it (a retried or
 * replayed create). A deleted id is not made again (410) unless restored on purpose.
 */
export async function createGoal(
  db: Db,
  userId: string,
  goal: CreateGoal,
): Promise<{ record: GoalRecord; created: boolean }> {
  await refuseDeleted(db, userId, 'goal', goal.id, goal.restore);
  const [made] = await db
    .insert(goals)
    .values({
      userId,
      id: goal.id,
      title: goal.title.trim(),
      milestones: goal.milestones ?? NEW_GOAL_MILESTONES,
      completedMilestones: goal.completedMilestones ?? 0,
      ...(goal.createdAt ? { createdAt: new Date(goal.createdAt) } : {}),
    })
    .onConflictDoNothing()
    .returning();
  if (made) return { record: goalRecord(made), created: true };
  const [existing] = await db.select().from(goals).where(owned(userId, goal.id));
  if (!existing) throw new HttpError(409, 'conflict', 'The goal was deleted while being made');
  return { record: goalRecord(existing), created: false };
}

/**
 * Applies a change in one statement. A new title or step count applies only on the version it
 * was made on; a step delta always applies (kept within 0 and the total), so steps from two
 * devices add up. A stale change is a 409 that carries the current goal.
 */
export async function updateGoal(
  db: Db,
  userId: string,
  id: string,
  change: UpdateGoal,
): Promise<GoalRecord> {
  const versioned = change.title !== undefined || change.milestones !== undefined;
  const milestones = change.milestones ?? goals.milestones;
  const [updated] = await db
    .update(goals)
    .set({
      title: change.title?.trim() ?? goals.title,
      milestones,
      completedMilestones: sql`least(greatest(${goals.completedMilestones} + ${change.stepDelta ?? 0}, 0), ${milestones})`,
      version: sql`${goals.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        owned(userId, id),
        versioned && change.version !== undefined ? eq(goals.version, change.version) : undefined,
      ),
    )
    .returning();
  if (updated) return goalRecord(updated);
  const [current] = await db.select().from(goals).where(owned(userId, id));
  if (!current) throw await missing(db, userId, 'goal', id);
  throw new HttpError(409, 'conflict', 'The goal changed since this version', {
    extra: { current: goalRecord(current) },
  });
}

/** Deletes the goal and remembers it; deleting it again is fine, a goal never made is a 404. */
export async function deleteGoal(db: Db, userId: string, id: string): Promise<void> {
  await deleteRemembered(db, userId, 'goal', id, async (tx) => {
    const removed = await tx.delete(goals).where(owned(userId, id)).returning({ id: goals.id });
    return removed.length;
  });
}
