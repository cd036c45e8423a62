import { useCallback, useEffect, useState } from 'react';
import {
  canStepDown,
  canStepUp,
  checkGoalTitle,
  createGoal,
  isCompleted,
  stepDown,
  stepUp,
  type Goal,
  type GoalTitleCheck,
} from '@partak/domain/goals';
import { useTranslation } from '@/i18n/use-translation.ts';
import { recordActivity } from '@/lib/activity-log.ts';
import { toast } from '@/lib/toast.ts';
import { acknowledgeGoalsRecovery, readGoals, writeGoals } from './goals-store.ts';

const ENCOURAGEMENTS = ['one', 'two', 'three'] as const;

/**
 * The goals and what can be done with them. Every change is stored at once; if the browser's
 * storage refuses it, the change stays on screen and the user is told, so nothing is lost silently.
 */
export function useGoals() {
  const { t } = useTranslation('goals');
  const [{ goals: stored, recovered }] = useState(readGoals);
  const [goals, setGoals] = useState<Goal[]>(stored);

  useEffect(() => {
    if (recovered) acknowledgeGoalsRecovery();
  }, [recovered]);

  const commit = useCallback(
    (next: Goal[]) => {
      setGoals(next);
      const result = writeGoals(next);
      if (result !== 'ok') toast.error(t('toast.notSavedTitle'), t(`toast.notSaved.${result}`));
    },
    [t],
  );

  const add = useCallback(
    (input: string): GoalTitleCheck => {
      const check = checkGoalTitle(input);
      if (!check.ok) return check;
      commit([...goals, createGoal(check.title, new Date())]);
      toast.success(t('toast.added'), check.title);
      return check;
    },
    [goals, commit, t],
  );

  const raise = useCallback(
    (goal: Goal) => {
      if (!canStepUp(goal)) return;
      const next = stepUp(goal);
      commit(goals.map((g) => (g.id === goal.id ? next : g)));
      recordActivity('goal_step_done', goal.id, goal.title);
      if (isCompleted(next)) {
        recordActivity('goal_completed', goal.id, goal.title);
        toast.success(
          t('toast.completedTitle'),
          t('toast.completedDescription', { title: goal.title }),
        );
      } else {
        const pick = ENCOURAGEMENTS[next.completedMilestones % ENCOURAGEMENTS.length] ?? 'one';
        toast.success(
          t(`toast.encouragement.${pick}`),
          t('toast.stepDescription', { percent: next.progress }),
        );
      }
    },
    [goals, commit, t],
  );

  const lower = useCallback(
    (goal: Goal) => {
      if (!canStepDown(goal)) return;
      commit(goals.map((g) => (g.id === goal.id ? stepDown(goal) : g)));
    },
    [goals, commit],
  );

  const remove = useCallback(
    (goal: Goal) => {
      commit(goals.filter((g) => g.id !== goal.id));
      toast.success(t('toast.deleted'), goal.title);
    },
    [goals, commit, t],
  );

  return { goals, recovered, add, raise, lower, remove };
}
