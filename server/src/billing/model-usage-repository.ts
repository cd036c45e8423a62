import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { modelReplyUsage } from '../db/schema/index.ts';

/** Model replies the account had in `month`. */
export async function modelRepliesUsed(db: Db, userId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ count: modelReplyUsage.count })
    .from(modelReplyUsage)
    .where(and(eq(modelReplyUsage.userId, userId), eq(modelReplyUsage.month, month)));
  return row?.count ?? 0;
}

/**
 * Takes one reply of the month's allowance, in one statement, so two questions sent at once can
 * never both take the last one. False when none is left.
 */
export async function reserveModelReply(
  db: Db,
  userId: string,
  month: string,
  limit: number,
): Promise<boolean> {
  if (limit <= 0) return false;
  const rows = await db
    .insert(modelReplyUsage)
    .values({ userId, month, count: 1 })
    .onConflictDoUpdate({
      target: [modelReplyUsage.userId, modelReplyUsage.month],
      set: { count: sql`${modelReplyUsage.count} + 1` },
      setWhere: sql`${modelReplyUsage.count} < ${limit}`,
    })
    .returning({ count: modelReplyUsage.count });
  return rows.length > 0;
}

/** Gives a reserved reply back: the library answered instead of the model. */
export async function releaseModelReply(db: Db, userId: string, month: string): Promise<void> {
  await db
    .update(modelReplyUsage)
    .set({ count: sql`greatest(${modelReplyUsage.count} - 1, 0)` })
    .where(and(eq(modelReplyUsage.userId, userId), eq(modelReplyUsage.month, month)));
}
