/**
 * Goal rules (docs/product.md#rules-and-where-they-live). Every function returns a new goal; none
 * mutates.
 */
import { z } from 'zod/mini';
import { isId, legacyId, legacyIdTime, newId, withChanges } from './ids.ts';
import { IsoTimestampSchema } from './timestamps.ts';

export const NEW_GOAL_MILESTONES = 5;
export const GOAL_TITLE_MAX_LENGTH = 200;
/** More steps than anyone plans for one goal; keeps a stored or sent number sane. */
export const GOAL_MILESTONES_MAX = 100;

/** Rounded percentage of completed steps. */
export function progressOf(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(Math.max(completed, 0), total) / total) * 100);
}

/** A goal title: some non-whitespace text, at most 200 characters. */
export const GoalTitleSchema = z.string().check(
  z.maxLength(GOAL_TITLE_MAX_LENGTH),
  z.refine((title) => title.trim() !== '', { message: 'blank title' }),
);

/**
 * A goal as it is stored and sent. `progress` is always the rounded share of steps done, so a
 * goal can never contradict itself; ids are UUIDs made by the client (ids.ts).
 */
export const GoalSchema = z
  .object({
    id: z.uuid(),
    title: GoalTitleSchema,
    /** Rounded percentage of completed steps, 0–100. */
    progress: z.int().check(z.minimum(0), z.maximum(100)),
    /** Total steps. */
    milestones: z.int().check(z.minimum(1), z.maximum(GOAL_MILESTONES_MAX)),
    completedMilestones: z.int().check(z.minimum(0)),
    createdAt: IsoTimestampSchema,
    /** When the goal last changed; the newer copy wins when two devices disagree on a title. */
    updatedAt: IsoTimestampSchema,
  })
  .check(
    z.refine((goal) => goal.completedMilestones <= goal.milestones, {
      message: 'more steps done than there are',
    }),
    z.refine((goal) => goal.progress === progressOf(goal.completedMilestones, goal.milestones), {
      message: 'progress does not match the steps',
    }),
  );

export type Goal = z.infer<typeof GoalSchema>;

/** When goals without dates (the seeds, goals of older versions) are said to have been made. */
const UNDATED = '2026-01-01T00:00:00.000Z';

/**
 * What a new user starts with. The spec lists the second seed as "70 %, 3 of 5"; progress is
 * defined as the rounded share of steps done, so it is 60 here and the card never contradicts
 * itself. Their ids are those the spec's seeds `'1'` and `'2'` upgrade to, so a browser that had
 * them and one that starts fresh hold the same two goals.
 */
export const SEED_GOALS: readonly Goal[] = [
  {
    id: legacyId('goal', '1'),
    title: 'Získat 10 prvních klientů',
    progress: 40,
    milestones: 10,
    completedMilestones: 4,
    createdAt: UNDATED,
    updatedAt: UNDATED,
  },
  {
    id: legacyId('goal', '2'),
    title: 'Spustit první reklamní kampaň',
    progress: 60,
    milestones: 5,
    completedMilestones: 3,
    createdAt: UNDATED,
    updatedAt: UNDATED,
  },
];

function withCompleted(goal: Goal, completedMilestones: number, now: Date): Goal {
  return {
    ...goal,
    completedMilestones,
    progress: progressOf(completedMilestones, goal.milestones),
    updatedAt: now.toISOString(),
  };
}

export const canStepUp = (goal: Goal) => goal.completedMilestones < goal.milestones;
export const canStepDown = (goal: Goal) => goal.completedMilestones > 0;
export const isCompleted = (goal: Goal) => goal.progress >= 100;

/**
 * Steps done changed by `delta`, kept between zero and the total. A change rather than a total,
 * so that steps made on two devices can add up when they meet instead of one overwriting the other.
 */
export function stepBy(goal: Goal, delta: number, now = new Date()): Goal {
  const completed = Math.min(Math.max(goal.completedMilestones + delta, 0), goal.milestones);
  return withCompleted(goal, completed, now);
}

/** One more step done, never beyond the total. */
export const stepUp = (goal: Goal, now = new Date()): Goal => stepBy(goal, 1, now);

/** One step undone, never below zero. */
export const stepDown = (goal: Goal, now = new Date()): Goal => stepBy(goal, -1, now);

export type GoalTitleCheck =
  { ok: true; title: string } | { ok: false; problem: 'blank' | 'too_long' };

/** A new goal's title must have non-whitespace text and fit the limit. */
export function checkGoalTitle(input: string): GoalTitleCheck {
  const title = input.trim();
  if (title === '') return { ok: false, problem: 'blank' };
  if (title.length > GOAL_TITLE_MAX_LENGTH) return { ok: false, problem: 'too_long' };
  return { ok: true, title };
}

/** A new goal: five steps unless said otherwise, nothing done yet. */
export function createGoal(
  title: string,
  now: Date,
  { id = newId(), milestones = NEW_GOAL_MILESTONES } = {},
): Goal {
  const at = now.toISOString();
  return {
    id,
    title,
    progress: 0,
    milestones,
    completedMilestones: 0,
    createdAt: at,
    updatedAt: at,
  };
}

export function summarizeGoals(goals: readonly Goal[]): { active: number; completed: number } {
  const completed = goals.filter(isCompleted).length;
  return { active: goals.length - completed, completed };
}

/**
 * Brings a goal stored by an older version to the current shape before it is checked: an id that
 * is not a UUID (the seeds' `'1'`, `'2'`, a timestamp string) becomes its stable UUID (ids.ts),
 * missing dates are taken from a timestamp id or else a fixed past date, and progress is always
 * derived from the steps, so a value written by an older version (or edited by hand) cannot
 * disagree with them. Anything else is left for the check to refuse.
 */
export function upgradeGoal(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const goal = value as Record<string, unknown>;
  if (typeof goal.completedMilestones !== 'number' || typeof goal.milestones !== 'number') {
    return value;
  }
  const oldId = typeof goal.id === 'string' || typeof goal.id === 'number' ? goal.id : undefined;
  const createdAt =
    typeof goal.createdAt === 'string' ? goal.createdAt : (legacyIdTime(oldId) ?? UNDATED);
  return withChanges(goal, {
    id: isId(oldId) || oldId === undefined ? oldId : legacyId('goal', oldId),
    createdAt,
    updatedAt: typeof goal.updatedAt === 'string' ? goal.updatedAt : createdAt,
    progress: progressOf(goal.completedMilestones, goal.milestones),
  });
}

export function isGoal(value: unknown): value is Goal {
  return GoalSchema.safeParse(value).success;
}
