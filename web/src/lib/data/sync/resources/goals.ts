import {
  goalOf,
  GoalListSchema,
  GoalRecordSchema,
  type GoalRecord,
} from '@partak/domain/api/goals';
import { SEED_GOALS, stepBy, type Goal } from '@partak/domain/goals';
import { storageKeys } from '@partak/domain/product';
import { apiFetch, apiJson } from '../../../api-client.ts';
import { readString, writeJson } from '../../../storage.ts';
import { localGoals } from '../../local-goals.ts';
import { created, replace, versionOf } from '../records.ts';
import { defineResource } from '../resource.ts';

/** A change to the goals. Steps are increments, so two devices' steps add up. */
export type GoalOperation =
  | { kind: 'goal.create'; goal: Goal }
  | { kind: 'goal.update'; id: string; title?: string; milestones?: number }
  | { kind: 'goal.step'; id: string; delta: number }
  | { kind: 'goal.delete'; id: string };

/** The operations that turn one list of goals into another (a screen's change, as a diff). */
export function goalChanges(before: readonly Goal[], after: readonly Goal[]): GoalOperation[] {
  const operations: GoalOperation[] = [];
  const previous = new Map(before.map((goal) => [goal.id, goal]));
  const next = new Set(after.map((goal) => goal.id));
  for (const goal of after) {
    const old = previous.get(goal.id);
    if (!old) {
      operations.push({ kind: 'goal.create', goal });
      continue;
    }
    if (old.title !== goal.title || old.milestones !== goal.milestones) {
      operations.push({
        kind: 'goal.update',
        id: goal.id,
        ...(old.title === goal.title ? {} : { title: goal.title }),
        ...(old.milestones === goal.milestones ? {} : { milestones: goal.milestones }),
      });
    }
    const delta = goal.completedMilestones - old.completedMilestones;
    if (delta !== 0) operations.push({ kind: 'goal.step', id: goal.id, delta });
  }
  for (const goal of before) {
    if (!next.has(goal.id)) operations.push({ kind: 'goal.delete', id: goal.id });
  }
  return operations;
}

/** Goals as they will be once `operations` have reached the server. */
export function applyToGoals(goals: readonly Goal[], operations: readonly GoalOperation[]): Goal[] {
  let list = [...goals];
  for (const operation of operations) {
    switch (operation.kind) {
      case 'goal.create':
        if (!list.some((goal) => goal.id === operation.goal.id)) list.push(operation.goal);
        break;
      case 'goal.update':
        list = list.map((goal) => {
          if (goal.id !== operation.id) return goal;
          const milestones = operation.milestones ?? goal.milestones;
          return stepBy({ ...goal, title: operation.title ?? goal.title, milestones }, 0);
        });
        break;
      case 'goal.step':
        list = list.map((goal) => (goal.id === operation.id ? stepBy(goal, operation.delta) : goal));
        break;
      case 'goal.delete':
        list = list.filter((goal) => goal.id !== operation.id);
        break;
    }
  }
  return list;
}

async function sendGoal(
  operation: GoalOperation,
  goals: GoalRecord[],
  signal: AbortSignal,
): Promise<GoalRecord[]> {
  if (operation.kind === 'goal.delete') {
    await apiFetch(`/goals/${operation.id}`, { method: 'DELETE', signal });
    return goals.filter((goal) => goal.id !== operation.id);
  }
  if (operation.kind === 'goal.create') {
    const { id, title, milestones, completedMilestones, createdAt } = operation.goal;
    const body = { id, title, milestones, completedMilestones, createdAt, restore: true };
    return replace(goals, await apiJson('/goals', GoalRecordSchema, { method: 'POST', body, signal }));
  }
  const body =
    operation.kind === 'goal.step'
      ? { stepDelta: operation.delta }
      : {
          version: versionOf(goals, operation.id) ?? 1,
          title: operation.title,
          milestones: operation.milestones,
        };
  const row = await apiJson(`/goals/${operation.id}`, GoalRecordSchema, {
    method: 'PATCH',
    body,
    signal,
  });
  return replace(goals, row);
}

const isUntouchedSeed = (goal: Goal) =>
  SEED_GOALS.some(
    (seed) =>
      seed.id === goal.id &&
      seed.title === goal.title &&
      seed.milestones === goal.milestones &&
      seed.completedMilestones === goal.completedMilestones,
  );

export const goals = defineResource<GoalRecord[], Goal[], GoalOperation>({
  kinds: { 'goal.create': true, 'goal.update': true, 'goal.step': true, 'goal.delete': true },
  empty: () => [],
  fetch: async (signal) => (await apiJson('/goals', GoalListSchema, { signal })).items,
  apply: (records, outbox) => applyToGoals(records.map(goalOf), outbox),
  diff: goalChanges,
  send: sendGoal,
  subject: (operation) => (operation.kind === 'goal.create' ? operation.goal.id : operation.id),
  holdsLocal() {
    const stored = readString(storageKeys.goals);
    return stored !== null && stored !== '[]';
  },
  async merge({ signal }) {
    // The seed goals of a first visit are not the user's, unless they worked on them.
    const stored = readString(storageKeys.goals) === null ? [] : await localGoals.read();
    let added = 0;
    for (const goal of stored.filter((item) => !isUntouchedSeed(item))) {
      const { id, title, milestones, completedMilestones, createdAt } = goal;
      const body = { id, title, milestones, completedMilestones, createdAt };
      if (await created('/goals', body, signal)) added += 1;
    }
    return {
      added,
      forget() {
        if (stored.length) writeJson(storageKeys.goals, []);
      },
    };
  },
});
