import { desc, eq } from 'drizzle-orm';
import type { WeeklyReview } from '@partak/domain/api/reviews';
import type { Db } from '../../db/client.ts';
import { weeklyReviews } from '../../db/schema/index.ts';

type ReviewRow = typeof weeklyReviews.$inferSelect;

function reviewRecord(row: ReviewRow): WeeklyReview {
  return {
    week: row.week,
    wentWell: row.wentWell,
    inTheWay: row.inTheWay,
    focus: row.focus,
    figures: row.figures,
    ...(row.goalId === null ? {} : { goalId: row.goalId }),
    reviewedAt: new Date(row.reviewedAt).toISOString(),
  };
}

/** Every review of the user, newest week first. */
export async function listReviews(db: Db, userId: string): Promise<WeeklyReview[]> {
  const rows = await db
    .select()
    .from(weeklyReviews)
    .where(eq(weeklyReviews.userId, userId))
    .orderBy(desc(weeklyReviews.week));
  return rows.map(reviewRecord);
}

/**
 * Keeps the review of its week, replacing one made before (on this or another device): a week
 * has one review, and the answers given last are the user's.
 */
export async function saveReview(
  db: Db,
  userId: string,
  review: WeeklyReview,
): Promise<WeeklyReview> {
  const values = {
    wentWell: review.wentWell,
    inTheWay: review.inTheWay,
    focus: review.focus,
    figures: review.figures,
    goalId: review.goalId ?? null,
    reviewedAt: review.reviewedAt,
  };
  const [row] = await db
    .insert(weeklyReviews)
    .values({ userId, week: review.week, ...values })
    .onConflictDoUpdate({
      target: [weeklyReviews.userId, weeklyReviews.week],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row ? reviewRecord(row) : review;
}
