import { isGoal, SEED_GOALS, upgradeGoal, type Goal } from '@partak/domain/goals';
import { storageKeys } from '@partak/domain/product';
import { readList, readString, writeJson } from '../storage.ts';
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
