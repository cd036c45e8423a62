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

describe('what the mentor is told about the user’s business', () => {
  const profile = { trade: 'Svatební fotografie', tradeKind: 'photo-video', region: 'zlinsky' };

  it('nothing while the profile says nothing (a skipped onboarding included)', async () => {
    localStorage.setItem(storageKeys.mentorSeesProfile, 'on');
    expect(await goalsContext()).toEqual({});
    localStorage.setItem(
      storageKeys.businessProfile,
      JSON.stringify({ onboardedAt: '2026-11-20T10:00:00.000Z' }),
    );
    expect(await goalsContext()).toEqual({});
  });

  it('the profile, with whether an AI model may see it as the user set it', async () => {
    localStorage.setItem(storageKeys.businessProfile, JSON.stringify(profile));
    expect(await goalsContext()).toEqual({ profile, profileForModel: false });
    localStorage.setItem(storageKeys.mentorSeesProfile, 'on');
    localStorage.setItem(storageKeys.mentorSeesGoals, 'on');
    expect(await goalsContext()).toMatchObject({ profile, profileForModel: true });
  });
});
