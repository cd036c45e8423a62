import {
  canStepUp,
  isCompleted,
  isGoal,
  SEED_GOALS,
  stepUp,
  upgradeGoal,
  type Goal,
} from '@partak/domain/goals';
import { storageKeys } from '@partak/domain/product';
import { readList, readString, recoveryNotice, writeJson } from '../storage.ts';
import { accountOrLocal } from './account-data.ts';
import { recordActivity } from './activity.ts';
import { browserStore } from './data-store.ts';

/**
 * Goals, kept in local storage so they survive a reload (the spec kept them in memory only). A
 * first visit starts with the two seed goals; once the user has goals of their own, an empty list
 * stays empty.
 */
function readGoals(): Goal[] {
  if (readString(storageKeys.goals) === null) return [...SEED_GOALS];
  return readList(storageKeys.goals, isGoal, upgradeGoal);
}

/** The goals kept in this browser (signed out). */
export const localGoals = browserStore(storageKeys.goals, readGoals, (goals: Goal[]) =>
  writeJson(storageKeys.goals, goals),
);

/** The goals of whoever uses the app: this browser's, or the signed-in account's. */
export const goalsStore = accountOrLocal(localGoals, (sync) => sync.goals);

/** Unreadable stored goals were set aside, and the goals screen has not said so yet. */
export const goalsRecovery = recoveryNotice(storageKeys.goals);

/**
 * One more step done on `goal` (never beyond its total), kept through `write` and recorded in the
 * activity log, with the goal's completion when it was the last. The goal after the step, or
 * undefined when it had none left.
 */
export function takeStep(
  write: (change: (goals: Goal[]) => Goal[]) => unknown,
  goal: Goal,
): Goal | undefined {
  if (!canStepUp(goal)) return undefined;
  void write((current) => current.map((item) => (item.id === goal.id ? stepUp(item) : item)));
  recordActivity('goal_step_done', goal.id, goal.title);
  const next = stepUp(goal);
  if (isCompleted(next)) recordActivity('goal_completed', goal.id, goal.title);
  return next;
}
