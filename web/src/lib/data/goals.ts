import { canStepUp, isCompleted, stepUp, type Goal } from '@partak/domain/goals';
import { storageKeys } from '@partak/domain/product';
import { recoveryNotice } from '../storage.ts';
import { accountOrLocal } from './account-data.ts';
import { recordActivity } from './activity.ts';
import { localGoals } from './local-goals.ts';

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
