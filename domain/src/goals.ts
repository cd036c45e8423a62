/** Goal rules (product-spec §3, §4, §5). Every function returns a new goal; none mutates. */

export interface Goal {
  /** Seeds use '1' and '2'; new goals a timestamp string. */
  id: string;
  title: string;
  /** Rounded percentage of completed steps, 0–100. */
  progress: number;
  /** Total steps. */
  milestones: number;
  completedMilestones: number;
}

export const NEW_GOAL_MILESTONES = 5;
export const GOAL_TITLE_MAX_LENGTH = 200;

/**
 * What a new user starts with. The spec lists the second seed as "70 %, 3 of 5"; progress is
 * defined as the rounded share of steps done, so it is 60 here and the card never contradicts
 * itself.
 */
export const SEED_GOALS: readonly Goal[] = [
  {
    id: '1',
    title: 'Získat 10 prvních klientů',
    progress: 40,
    milestones: 10,
    completedMilestones: 4,
  },
  {
    id: '2',
    title: 'Spustit první reklamní kampaň',
    progress: 60,
    milestones: 5,
    completedMilestones: 3,
  },
];

/** Rounded percentage of completed steps. */
export function progressOf(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(Math.max(completed, 0), total) / total) * 100);
}

function withCompleted(goal: Goal, completedMilestones: number): Goal {
  return {
    ...goal,
    completedMilestones,
    progress: progressOf(completedMilestones, goal.milestones),
  };
}

export const canStepUp = (goal: Goal) => goal.completedMilestones < goal.milestones;
export const canStepDown = (goal: Goal) => goal.completedMilestones > 0;
export const isCompleted = (goal: Goal) => goal.progress >= 100;

/** One more step done, never beyond the total. */
export function stepUp(goal: Goal): Goal {
  return withCompleted(goal, Math.min(goal.completedMilestones + 1, goal.milestones));
}

/** One step undone, never below zero. */
export function stepDown(goal: Goal): Goal {
  return withCompleted(goal, Math.max(goal.completedMilestones - 1, 0));
}

export type GoalTitleCheck =
  { ok: true; title: string } | { ok: false; problem: 'blank' | 'too_long' };

/** A new goal's title must have non-whitespace text and fit the limit. */
export function checkGoalTitle(input: string): GoalTitleCheck {
  const title = input.trim();
  if (title === '') return { ok: false, problem: 'blank' };
  if (title.length > GOAL_TITLE_MAX_LENGTH) return { ok: false, problem: 'too_long' };
  return { ok: true, title };
}

/** A new goal: five steps, nothing done yet. */
export function createGoal(title: string, now: Date): Goal {
  return {
    id: String(now.getTime()),
    title,
    progress: 0,
    milestones: NEW_GOAL_MILESTONES,
    completedMilestones: 0,
  };
}

export function summarizeGoals(goals: readonly Goal[]): { active: number; completed: number } {
  const completed = goals.filter(isCompleted).length;
  return { active: goals.length - completed, completed };
}

/**
 * Makes a stored goal consistent before it is checked: progress is always derived from the steps,
 * so a value written by an older version (or edited by hand) cannot disagree with them.
 */
export function upgradeGoal(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const goal = value as Record<string, unknown>;
  if (typeof goal.completedMilestones !== 'number' || typeof goal.milestones !== 'number') {
    return value;
  }
  return { ...goal, progress: progressOf(goal.completedMilestones, goal.milestones) };
}

export function isGoal(value: unknown): value is Goal {
  if (!value || typeof value !== 'object') return false;
  const goal = value as Record<string, unknown>;
  const isCount = (n: unknown): n is number =>
    typeof n === 'number' && Number.isInteger(n) && n >= 0;
  return (
    typeof goal.id === 'string' &&
    typeof goal.title === 'string' &&
    goal.title.trim() !== '' &&
    isCount(goal.milestones) &&
    goal.milestones > 0 &&
    isCount(goal.completedMilestones) &&
    goal.completedMilestones <= goal.milestones &&
    isCount(goal.progress) &&
    goal.progress === progressOf(goal.completedMilestones, goal.milestones)
  );
}
