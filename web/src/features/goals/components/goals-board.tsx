import { summarizeGoals } from '@partak/domain/goals';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { usePendingIds } from '@/lib/data/sync-status.ts';
import { readGoalOffer } from '@/lib/goal-hand-off.ts';
import { useHandOff } from '@/lib/use-hand-off.ts';
import { useGoals } from '../use-goals.ts';
import { AddGoalForm } from './add-goal-form.tsx';
import { GoalCard } from './goal-card.tsx';

/** The goals screen's body: the summary, the add form and the goal cards. */
export function GoalsBoard() {
  const { t } = useTranslation('goals');
  const { goals, recovered, add, raise, lower, remove } = useGoals();
  const summary = summarizeGoals(goals);
  // A goal the mentor offered, to confirm or change.
  const offer = useHandOff(readGoalOffer);
  const pending = usePendingIds();

  return (
    <div className="flex flex-col gap-5">
      {recovered && (
        <p role="status" className="rounded-2xl bg-accent-100 px-4 py-3 text-sm text-slate-800">
          {t('recovered')}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3">
        {(['active', 'completed'] as const).map((key) => (
          <div
            key={key}
            className="flex flex-col-reverse rounded-3xl bg-brand-50 p-4 ring-1 ring-brand-100"
          >
            <dt className="text-sm font-medium text-slate-700">{t(`summary.${key}`)}</dt>
            <dd className="text-3xl font-extrabold text-brand-900">{summary[key]}</dd>
          </div>
        ))}
      </dl>
      <AddGoalForm onAdd={add} offer={offer} />
      {goals.length === 0 ? (
        <EmptyState title={t('empty.title')} description={t('empty.description')} />
      ) : (
        <section aria-label={t('listLabel')} className="flex flex-col gap-3">
          {goals.map((goal) => (
            <GoalCard
              key={goal.id}
              goal={goal}
              onRaise={raise}
              onLower={lower}
              onRemove={remove}
              pending={pending.has(goal.id)}
            />
          ))}
        </section>
      )}
    </div>
  );
}
