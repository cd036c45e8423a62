import { isGoal, SEED_GOALS, upgradeGoal, type Goal } from '@partak/domain/goals';
import { storageKeys } from '@partak/domain/product';
import {
  acknowledgeRecovery,
  readList,
  readString,
  writeJson,
  type WriteResult,
} from '@/lib/storage.ts';

/**
 * Goals live in local storage, so they survive a reload (the spec kept them in memory only).
 * A first visit starts with the two seed goals; once the user has goals of their own, an empty
 * list stays empty.
 */
export function readGoals(): { goals: Goal[]; recovered: boolean } {
  if (readString(storageKeys.goals) === null) return { goals: [...SEED_GOALS], recovered: false };
  const { items, recovered } = readList(storageKeys.goals, isGoal, upgradeGoal);
  return { goals: items, recovered };
}

export function writeGoals(goals: readonly Goal[]): WriteResult {
  return writeJson(storageKeys.goals, goals);
}

/** The goals screen has told the user about unreadable stored goals. */
export function acknowledgeGoalsRecovery(): void {
  acknowledgeRecovery(storageKeys.goals);
}
