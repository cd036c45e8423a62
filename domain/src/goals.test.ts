import { describe, expect, it } from 'vitest';
import {
  canStepDown,
  canStepUp,
  checkGoalTitle,
  createGoal,
  GOAL_TITLE_MAX_LENGTH,
  isCompleted,
  isGoal,
  progressOf,
  SEED_GOALS,
  stepDown,
  stepUp,
  summarizeGoals,
  upgradeGoal,
  type Goal,
} from './goals.ts';

const goal = (completedMilestones: number, milestones = 5): Goal => ({
  id: 'g',
  title: 'Cíl',
  milestones,
  completedMilestones,
  progress: progressOf(completedMilestones, milestones),
});

describe('goal steps', () => {
  it('raises completed steps by one and recomputes the rounded progress', () => {
    expect(stepUp(goal(3, 10))).toMatchObject({ completedMilestones: 4, progress: 40 });
    expect(stepUp(goal(0, 3))).toMatchObject({ completedMilestones: 1, progress: 33 });
    expect(stepUp(goal(1, 3))).toMatchObject({ completedMilestones: 2, progress: 67 });
  });

  it('caps at the total and floors at zero', () => {
    expect(stepUp(goal(5))).toMatchObject({ completedMilestones: 5, progress: 100 });
    expect(stepDown(goal(0))).toMatchObject({ completedMilestones: 0, progress: 0 });
    expect(stepDown(goal(5))).toMatchObject({ completedMilestones: 4, progress: 80 });
  });

  it('disables plus when all steps are done and minus at zero', () => {
    expect(canStepUp(goal(4))).toBe(true);
    expect(canStepUp(goal(5))).toBe(false);
    expect(canStepDown(goal(0))).toBe(false);
    expect(canStepDown(goal(1))).toBe(true);
  });

  it('counts a goal at 100 % as completed', () => {
    expect(isCompleted(goal(5))).toBe(true);
    expect(isCompleted(goal(4))).toBe(false);
    expect(isCompleted(stepUp(goal(4)))).toBe(true);
  });

  it('never mutates the goal it is given', () => {
    const original = goal(2);
    stepUp(original);
    stepDown(original);
    expect(original.completedMilestones).toBe(2);
  });
});

describe('new goals', () => {
  it('ignores blank and whitespace-only titles', () => {
    expect(checkGoalTitle('')).toEqual({ ok: false, problem: 'blank' });
    expect(checkGoalTitle(' \t\n ')).toEqual({ ok: false, problem: 'blank' });
  });

  it('trims titles and refuses ones over the limit', () => {
    expect(checkGoalTitle('  Založit e-shop  ')).toEqual({ ok: true, title: 'Založit e-shop' });
    expect(checkGoalTitle('x'.repeat(GOAL_TITLE_MAX_LENGTH)).ok).toBe(true);
    expect(checkGoalTitle('x'.repeat(GOAL_TITLE_MAX_LENGTH + 1))).toEqual({
      ok: false,
      problem: 'too_long',
    });
  });

  it('start with 5 steps, no progress and a timestamp id', () => {
    const created = createGoal('Založit e-shop', new Date(1_700_000_000_000));
    expect(created).toEqual({
      id: '1700000000000',
      title: 'Založit e-shop',
      progress: 0,
      milestones: 5,
      completedMilestones: 0,
    });
  });
});

describe('seeds and summary', () => {
  it('seeds the two goals of the spec', () => {
    expect(
      SEED_GOALS.map((g) => [g.id, g.title, g.completedMilestones, g.milestones, g.progress]),
    ).toEqual([
      ['1', 'Získat 10 prvních klientů', 4, 10, 40],
      ['2', 'Spustit první reklamní kampaň', 3, 5, 60],
    ]);
    expect(SEED_GOALS.every(isGoal)).toBe(true);
  });

  it('counts active and completed goals', () => {
    expect(summarizeGoals([goal(5), goal(2), goal(0), goal(3, 3)])).toEqual({
      active: 2,
      completed: 2,
    });
    expect(summarizeGoals([])).toEqual({ active: 0, completed: 0 });
  });
});

describe('stored goals', () => {
  it('accepts consistent goals and refuses broken ones', () => {
    expect(isGoal(goal(2))).toBe(true);
    expect(isGoal({ ...goal(2), completedMilestones: 9 })).toBe(false);
    expect(isGoal({ ...goal(2), title: '   ' })).toBe(false);
    expect(isGoal({ ...goal(2), milestones: 0, completedMilestones: 0 })).toBe(false);
    expect(isGoal({ ...goal(2), id: 7 })).toBe(false);
    expect(isGoal('goal')).toBe(false);
  });

  it('re-derives progress from the steps', () => {
    expect(upgradeGoal({ ...goal(3), progress: 70 })).toMatchObject({ progress: 60 });
    expect(isGoal(upgradeGoal({ ...goal(3), progress: 70 }))).toBe(true);
  });
});
