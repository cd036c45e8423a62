import { afterEach, describe, expect, it } from 'vitest';
import { createGoal, stepUp } from '@partak/domain/goals';
import { storageKeys } from '@partak/domain/product';
import { goalsContext } from './goals-context.ts';

afterEach(() => localStorage.clear());

describe('what the mentor is told about the user’s goals', () => {
  const goal = stepUp(createGoal('Získat prvních 10 klientů', new Date(), { milestones: 10 }));

  it('nothing, unless the user allowed it (off by default)', async () => {
    localStorage.setItem(storageKeys.goals, JSON.stringify([goal]));
    expect(await goalsContext()).toEqual({});
    localStorage.setItem(storageKeys.mentorSeesGoals, 'off');
    expect(await goalsContext()).toEqual({});
  });

  it('each goal’s title and progress, once allowed', async () => {
    localStorage.setItem(storageKeys.goals, JSON.stringify([goal]));
    localStorage.setItem(storageKeys.mentorSeesGoals, 'on');
    expect(await goalsContext()).toEqual({
      goals: [{ title: 'Získat prvních 10 klientů', steps: 10, done: 1 }],
    });
  });
});
