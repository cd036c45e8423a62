import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '@partak/domain/product';
import { renderSuspendingHook } from '@/testing/render-settled.tsx';
import { useGoals } from './use-goals.ts';

const stored = () => JSON.parse(localStorage.getItem(storageKeys.goals) ?? 'null') as unknown;
const titles = (goals: { title: string }[]) => goals.map((goal) => goal.title);

beforeEach(() => localStorage.clear());

describe('useGoals', () => {
  it('starts a first visit with the two seed goals', async () => {
    const { result } = await renderSuspendingHook(useGoals);
    expect(titles(result.current.goals)).toEqual([
      'Získat 10 prvních klientů',
      'Spustit první reklamní kampaň',
    ]);
  });

  it('adds a goal with five steps and keeps it in this browser', async () => {
    const { result } = await renderSuspendingHook(useGoals);
    act(() => void result.current.add('  Najít účetní  '));
    await waitFor(() => expect(titles(result.current.goals)).toContain('Najít účetní'));
    const added = result.current.goals.find((goal) => goal.title === 'Najít účetní');
    expect(added).toMatchObject({ milestones: 5, completedMilestones: 0, progress: 0 });
    await waitFor(() => expect(stored()).toEqual(result.current.goals));
  });

  it('ignores a blank title and refuses one over 200 characters', async () => {
    const { result } = await renderSuspendingHook(useGoals);
    let checks: unknown[] = [];
    act(() => {
      checks = [result.current.add('   '), result.current.add('x'.repeat(201))];
    });
    expect(checks).toEqual([
      { ok: false, problem: 'blank' },
      { ok: false, problem: 'too_long' },
    ]);
    expect(result.current.goals).toHaveLength(2);
  });

  it('steps up and down within the bounds, and logs each step and a completion', async () => {
    const { result } = await renderSuspendingHook(useGoals);
    const campaign = () => {
      const goal = result.current.goals[1];
      if (!goal) throw new Error('the second seed goal is missing');
      return goal;
    };
    act(() => result.current.raise(campaign()));
    await waitFor(() => expect(campaign().completedMilestones).toBe(4));
    act(() => result.current.raise(campaign()));
    await waitFor(() =>
      expect(campaign()).toMatchObject({ completedMilestones: 5, progress: 100 }),
    );
    act(() => result.current.raise(campaign()));
    expect(campaign().completedMilestones).toBe(5);
    act(() => result.current.lower(campaign()));
    await waitFor(() => expect(campaign().completedMilestones).toBe(4));
    await waitFor(() =>
      expect(
        (JSON.parse(localStorage.getItem(storageKeys.activity) ?? '[]') as { type: string }[]).map(
          (event) => event.type,
        ),
      ).toEqual(['goal_step_done', 'goal_step_done', 'goal_completed']),
    );
  });

  it('deletes a goal, and an emptied list stays empty after a reload', async () => {
    const first = await renderSuspendingHook(useGoals);
    for (const goal of [...first.result.current.goals]) {
      act(() => first.result.current.remove(goal));
      await waitFor(() => expect(first.result.current.goals).not.toContainEqual(goal));
    }
    first.unmount();
    const again = await renderSuspendingHook(useGoals);
    expect(again.result.current.goals).toEqual([]);
  });

  it('keeps readable goals from damaged storage, sets the rest aside and says so once', async () => {
    const good = {
      id: '6f1c1d6e-3c55-4d3b-9a59-6d0f0a4c1b2e',
      title: 'Web hotový',
      progress: 20,
      milestones: 5,
      completedMilestones: 1,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
    };
    localStorage.setItem(storageKeys.goals, JSON.stringify([good, { title: 42 }]));
    const { result } = await renderSuspendingHook(useGoals);
    expect(titles(result.current.goals)).toEqual(['Web hotový']);
    expect(result.current.recovered).toBe(true);
    const backups = Object.keys(localStorage).filter((key) => key.includes('.backup-'));
    expect(backups).toHaveLength(1);
    await waitFor(() => expect(localStorage.getItem(`${storageKeys.goals}.recovered`)).toBeNull());
  });
});
