import { useEffect, useRef } from 'react';
import { Minus, PartyPopper, Trash2 } from 'lucide';
import { canStepDown, canStepUp, isCompleted, type Goal } from '@partak/domain/goals';
import { Button } from '@/components/ui/button.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { PendingMark } from '@/components/ui/pending-mark.tsx';
import { takesZe } from '@/i18n/czech-ze.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/lib/cn.ts';

interface GoalCardProps {
  goal: Goal;
  onRaise: (goal: Goal) => void;
  onLower: (goal: Goal) => void;
  onRemove: (goal: Goal) => void;
  /** A change to it is still on its way to the account (made offline). */
  pending?: boolean;
}

/** One goal: its steps, a progress bar, the step buttons and delete; a banner once it is done. */
export function GoalCard({ goal, onRaise, onLower, onRemove, pending }: GoalCardProps) {
  const { t } = useTranslation('goals');
  const done = isCompleted(goal);
  // The step that completes the goal disables its own button: focus moves to "step back" beside
  // it instead of being lost to the page.
  const completing = useRef(false);
  const stepDown = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!done || !completing.current) return;
    completing.current = false;
    stepDown.current?.focus();
  }, [done]);

  return (
    <article
      aria-label={goal.title}
      className={cn(
        'flex flex-col gap-3 rounded-3xl p-5 shadow-sm ring-1',
        done ? 'bg-emerald-50 ring-emerald-200' : 'bg-white ring-slate-200',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col items-start gap-1">
          <h2 className="font-semibold break-words text-slate-900">{goal.title}</h2>
          {pending && <PendingMark />}
        </div>
        <button
          type="button"
          onClick={() => onRemove(goal)}
          aria-label={t('deleteLabel', { title: goal.title })}
          className="-me-2 -mt-1 rounded-xl p-2 text-slate-600 hover:bg-red-50 hover:text-red-700"
        >
          <Icon icon={Trash2} />
        </button>
      </div>
      <p className="text-sm text-slate-700">
        {t('steps', {
          done: goal.completedMilestones,
          count: goal.milestones,
          context: takesZe(goal.milestones) ? 'ze' : undefined,
        })}
      </p>
      <div className="flex items-center gap-3">
        <progress
          value={goal.progress}
          max={100}
          aria-label={t('progressLabel', { title: goal.title })}
          className="h-3 flex-1 overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-700"
        />
        <span className="w-12 text-right text-sm font-semibold text-slate-900">
          {t('percent', { value: goal.progress })}
        </span>
      </div>
      {done && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-2xl bg-emerald-100 px-3 py-2 text-sm font-semibold text-emerald-900"
        >
          <Icon icon={PartyPopper} />
          {t('completed')}
        </p>
      )}
      <div className="flex gap-2">
        <Button
          ref={stepDown}
          variant="secondary"
          onClick={() => onLower(goal)}
          disabled={!canStepDown(goal)}
          aria-label={t('stepDownLabel', { title: goal.title })}
          className="px-3"
        >
          <Icon icon={Minus} />
        </Button>
        <Button
          onClick={() => {
            completing.current = goal.completedMilestones + 1 >= goal.milestones;
            onRaise(goal);
          }}
          disabled={!canStepUp(goal)}
          aria-label={t('stepUpLabel', { title: goal.title })}
          className="flex-1"
        >
          {t('stepUp')}
        </Button>
      </div>
    </article>
  );
}
