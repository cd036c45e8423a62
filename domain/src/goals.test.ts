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
  stepBy,
  stepDown,
  stepUp,
  summarizeGoals,
  upgradeGoal,
  type Goal,
} from './goals.ts';
import { isId, legacyId } from './ids.ts';

const goal = (completedMilestones: number, milestones = 5): Goal => ({
  id: '6f1c1d6e-3c55-4d3b-9a59-6d0f0a4c1b2e',
  title: 'Cíl',
  milestones,
  completedMilestones,
  progress: progressOf(completedMilestones, milestones),
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
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

  it('applies a change of several steps at once, within the bounds, and dates it', () => {
    const now = new Date('2026-04-01T08:00:00.000Z');
    expect(stepBy(goal(1), 3, now)).toMatchObject({
      completedMilestones: 4,
      progress: 80,
      updatedAt: '2026-04-01T08:00:00.000Z',
    });
    expect(stepBy(goal(1), 9, now).completedMilestones).toBe(5);
    expect(stepBy(goal(1), -9, now).completedMilestones).toBe(0);
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

  it('start with 5 steps, no progress, a new UUID and the time they were made', () => {
    const created = createGoal('Založit e-shop', new Date(1_700_000_000_000));
    expect(created).toEqual({
      id: expect.any(String),
      title: 'Založit e-shop',
      progress: 0,
      milestones: 5,
      completedMilestones: 0,
      createdAt: '2023-11-14T22:13:20.000Z',
      updatedAt: '2023-11-14T22:13:20.000Z',
    });
    expect(isId(created.id)).toBe(true);
    expect(createGoal('Jiný', new Date()).id).not.toBe(created.id);
    expect(isGoal(created)).toBe(true);
  });

  it('may be made with their own id and number of steps (an offered plan)', () => {
    const id = '0b6f3f5e-8d6a-4b8e-9a65-2b7f2c4a1e11';
    expect(createGoal('Plán', new Date(), { id, milestones: 7 })).toMatchObject({
      id,
      milestones: 7,
    });
  });
});

describe('seeds and summary', () => {
  it('seeds the two goals of the spec', () => {
    expect(
      SEED_GOALS.map((g) => [g.id, g.title, g.completedMilestones, g.milestones, g.progress]),
    ).toEqual([
      [legacyId('goal', '1'), 'Získat 10 prvních klientů', 4, 10, 40],
      [legacyId('goal', '2'), 'Spustit první reklamní kampaň', 3, 5, 60],
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

  it('upgrades the goals of older versions without losing any, always to the same ids', () => {
    const oldSeed = {
      id: '2',
      title: 'Spustit první reklamní kampaň',
      progress: 70,
      milestones: 5,
      completedMilestones: 3,
    };
    const oldGoal = {
      id: '1700000000000',
      title: 'Založit e-shop',
      progress: 20,
      milestones: 5,
      completedMilestones: 1,
    };
    const seed = upgradeGoal(oldSeed);
    expect(seed).toEqual(SEED_GOALS[1]);
    expect(upgradeGoal(oldGoal)).toEqual({
      ...oldGoal,
      id: legacyId('goal', '1700000000000'),
      createdAt: '2023-11-14T22:13:20.000Z',
      updatedAt: '2023-11-14T22:13:20.000Z',
    });
    for (const old of [oldSeed, oldGoal, { ...oldGoal, id: 1_700_000_000_000 }]) {
      const upgraded = upgradeGoal(old);
      expect(isGoal(upgraded), JSON.stringify(old)).toBe(true);
      expect(upgradeGoal(upgraded)).toEqual(upgraded);
    }
    expect(upgradeGoal({ ...oldGoal, id: 1_700_000_000_000 })).toEqual(upgradeGoal(oldGoal));
  });

  it('leaves what it cannot understand for the check to refuse', () => {
    expect(isGoal(upgradeGoal({ title: 'Bez kroků' }))).toBe(false);
    expect(isGoal(upgradeGoal({ ...goal(1), id: { evil: true } }))).toBe(false);
    expect(isGoal(upgradeGoal({ ...goal(1), id: '99999999999999999999' }))).toBe(true);
  });
});
