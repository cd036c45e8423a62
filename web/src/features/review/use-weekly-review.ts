import { useCallback, useMemo } from 'react';
import { upsertReview, type WeeklyReview } from '@partak/domain/api/reviews';
import { createGoal, GOAL_MILESTONES_MAX, stepBy, type Goal } from '@partak/domain/goals';
import {
  reviewStreak,
  weekFigures,
  type WeekFigures,
  type WeekId,
} from '@partak/domain/review-weeks';
import { activityStore, type ActivityView } from '@/lib/data/activity.ts';
import { goalsStore } from '@/lib/data/goals.ts';
import { reviewsStore } from '@/lib/data/reviews.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { browserTimeZone, weekHere } from '@/lib/time-zone.ts';

const NO_FIGURES: WeekFigures = { stepsDone: 0, goalsFinished: 0, conversations: 0 };

/** Where the week's focus goes: nowhere but the review, a new goal, or a new step of a goal. */
export type FocusTarget = { kind: 'note' } | { kind: 'newGoal' } | { kind: 'step'; goalId: string };

export interface ReviewAnswers {
  wentWell: string;
  inTheWay: string;
  focus: string;
}

/** This week's figures: from this browser's log, or as the server counted the account's. */
function figuresOf(activity: ActivityView, week: WeekId, timeZone: string): WeekFigures {
  return activity.kind === 'log'
    ? weekFigures(activity.events, week, timeZone)
    : (activity.summary.week ?? NO_FIGURES);
}

/** One more step to do on a goal (the focus became its next step). */
const withExtraStep = (goal: Goal): Goal =>
  stepBy({ ...goal, milestones: Math.min(goal.milestones + 1, GOAL_MILESTONES_MAX) }, 0);

/**
 * The weekly review: this week (in the user's time zone), what the log says of it, the reviews
 * kept, the forgiving streak, and saving a review — with the focus made a goal or a goal's step
 * when the user chooses so.
 */
export function useWeeklyReview(now: Date = new Date()) {
  const [reviews, writeReviews] = useStored('reviews', reviewsStore);
  const [activity] = useStored('activity', activityStore);
  const [goals, writeGoals] = useStored('goals', goalsStore);
  const timeZone = browserTimeZone();
  const thisWeek = weekHere(now);
  const figures = useMemo(
    () => figuresOf(activity, thisWeek, timeZone),
    [activity, thisWeek, timeZone],
  );
  const streak = reviewStreak(
    reviews.map((review) => review.week),
    thisWeek,
  );

  const save = useCallback(
    async (
      answers: ReviewAnswers,
      target: FocusTarget,
    ): Promise<{ review: WeeklyReview; goal?: Goal }> => {
      const focus = answers.focus.trim();
      let goal: Goal | undefined;
      if (target.kind === 'newGoal') {
        goal = createGoal(focus, new Date());
        const made = goal;
        await writeGoals((current) => [...current, made]);
      } else if (target.kind === 'step') {
        goal = goals.find((item) => item.id === target.goalId);
        if (goal) {
          const { id } = goal;
          await writeGoals((current) =>
            current.map((item) => (item.id === id ? withExtraStep(item) : item)),
          );
        }
      }
      const review: WeeklyReview = {
        week: thisWeek,
        wentWell: answers.wentWell.trim(),
        inTheWay: answers.inTheWay.trim(),
        focus,
        figures,
        ...(goal ? { goalId: goal.id } : {}),
        reviewedAt: new Date().toISOString(),
      };
      await writeReviews((current) => upsertReview(current, review));
      return { review, goal };
    },
    [figures, goals, thisWeek, writeGoals, writeReviews],
  );

  return {
    thisWeek,
    figures,
    reviews,
    current: reviews.find((review) => review.week === thisWeek),
    streak,
    goals: goals.filter((goal) => goal.completedMilestones < goal.milestones),
    save,
  };
}
