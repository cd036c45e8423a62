import { isGoal, SEED_GOALS, upgradeGoal, type Goal } from '@partak/domain/goals';
import { storageKeys } from '@partak/domain/product';
import { readList, readString, recoveryNotice, writeJson } from '../storage.ts';
import { accountOrLocal } from './account-data.ts';
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
