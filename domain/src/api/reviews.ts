import { z } from 'zod/mini';
import { GOAL_TITLE_MAX_LENGTH } from '../goals.ts';
import { isWeekId } from '../review-weeks.ts';
import { IsoTimestampSchema } from '../timestamps.ts';

/** The longest answer to "what went well" or "what got in the way". */
export const REVIEW_ANSWER_MAX_LENGTH = 2000;

/** A week, named by its Monday (`2026-11-23`). */
export const WeekIdSchema = z
  .string()
  .check(z.refine(isWeekId, { message: 'not a week (the date of its Monday, YYYY-MM-DD)' }));

const Count = z.int().check(z.minimum(0), z.maximum(1_000_000));

/** What the activity log said of the week when it was reviewed (review-weeks.ts). */
export const WeekFiguresSchema = z.object({
  stepsDone: Count,
  goalsFinished: Count,
  conversations: Count,
});

const Answer = z.string().check(z.maxLength(REVIEW_ANSWER_MAX_LENGTH));

/**
 * A week's review: the week's figures, the three answers, and the goal the focus went into. One
 * per week: reviewing a week again replaces its review (the latest answers are the user's).
 */
export const WeeklyReviewSchema = z.object({
  week: WeekIdSchema,
  wentWell: Answer,
  inTheWay: Answer,
  /** The one focus for next week; it may become a goal, so it fits a goal's title. */
  focus: z.string().check(z.maxLength(GOAL_TITLE_MAX_LENGTH)),
  figures: WeekFiguresSchema,
  /** The goal the focus became (or became a step of), when the user chose so. */
  goalId: z.optional(z.uuid()),
  reviewedAt: IsoTimestampSchema,
});

export type WeeklyReview = z.infer<typeof WeeklyReviewSchema>;

/** `PUT /api/v1/reviews/:week`: the review of that week, made or replaced. */
export const SaveReviewSchema = z.omit(WeeklyReviewSchema, { week: true });

export const WeekParamsSchema = z.object({ week: WeekIdSchema });

/** `GET /api/v1/reviews`: every review, newest week first. */
export const ReviewListSchema = z.object({ items: z.array(WeeklyReviewSchema) });

/** `review` among `reviews`: one per week (the newer replaces the older), newest week first. */
export function upsertReview(
  reviews: readonly WeeklyReview[],
  review: WeeklyReview,
): WeeklyReview[] {
  return [review, ...reviews.filter((item) => item.week !== review.week)].sort((a, b) =>
    b.week.localeCompare(a.week),
  );
}

export function isWeeklyReview(value: unknown): value is WeeklyReview {
  return WeeklyReviewSchema.safeParse(value).success;
}
