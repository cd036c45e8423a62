import { useCallback, useEffect, useState } from 'react';
import {
  canStepDown,
  checkGoalTitle,
  createGoal,
  isCompleted,
  stepDown,
  type Goal,
  type GoalTitleCheck,
} from '@partak/domain/goals';
import { useTranslation } from '@/i18n/use-translation.ts';
import { goalsRecovery, goalsStore, takeStep } from '@/lib/data/goals.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { toast } from '@/lib/toast.ts';

const ENCOURAGEMENTS = ['one', 'two', 'three'] as const;

/**
 * The goals and what can be done with them. Every change shows at once and is stored; if the
 * store refuses it, the change stays on screen and the user is told (useStored), so nothing is
 * lost silently.
 */
export function useGoals() {
  const { t } = useTranslation('goals');
  const [goals, write] = useStored('goals', goalsStore);
  const [recovered] = useState(goalsRecovery.pending);

  useEffect(() => {
    if (recovered) goalsRecovery.acknowledge();
  }, [recovered]);

  const add = useCallback(
    (input: string, milestones?: number): GoalTitleCheck => {
      const check = checkGoalTitle(input);
      if (!check.ok) return check;
      const goal = createGoal(check.title, new Date(), { milestones });
      void write((current) => [...current, goal]);
      toast.success(t('toast.added'), check.title);
      return check;
    },
    [write, t],
  );

  const raise = useCallback(
    (goal: Goal) => {
      const next = takeStep(write, goal);
      if (!next) return;
      if (isCompleted(next)) {
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
    [write, t],
  );

  const lower = useCallback(
    (goal: Goal) => {
      if (!canStepDown(goal)) return;
      void write((current) => current.map((g) => (g.id === goal.id ? stepDown(g) : g)));
    },
    [write],
  );

  const remove = useCallback(
    (goal: Goal) => {
      void write((current) => current.filter((g) => g.id !== goal.id));
      toast.success(t('toast.deleted'), goal.title);
    },
    [write, t],
  );

  return { goals, recovered, add, raise, lower, remove };
}
