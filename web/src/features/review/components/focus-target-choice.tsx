import type { Goal } from '@partak/domain/goals';
import { FIELD_CLASS } from '@/components/ui/field.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { FocusTarget } from '../use-weekly-review.ts';

type Kind = FocusTarget['kind'];

/**
 * What becomes of the week's focus: a note in the review, a new goal, or the next step of one of
 * the goals still open (offered only when there is one).
 */
export function FocusTargetChoice({
  name,
  goals,
  target,
  goalId,
  onTarget,
  onGoal,
}: {
  name: string;
  goals: readonly Goal[];
  target: Kind;
  goalId: string;
  onTarget: (kind: Kind) => void;
  onGoal: (goalId: string) => void;
}) {
  const { t } = useTranslation('goals');
  const kinds: Kind[] = goals.length ? ['note', 'newGoal', 'step'] : ['note', 'newGoal'];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold text-slate-900">
        {t('review.focusTarget.legend')}
      </legend>
      {kinds.map((kind) => (
        <label key={kind} className="flex items-center gap-3 text-slate-900">
          <input
            type="radio"
            name={name}
            value={kind}
            checked={target === kind}
            onChange={() => onTarget(kind)}
            className="size-5 accent-brand-700"
          />
          {t(`review.focusTarget.${kind}`)}
        </label>
      ))}
      {target === 'step' && (
        <label className="ml-8 flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t('review.focusTarget.goal')}
          <select
            value={goalId}
            onChange={(event) => onGoal(event.target.value)}
            className={FIELD_CLASS}
          >
            {goals.map((goal) => (
              <option key={goal.id} value={goal.id}>
                {goal.title}
              </option>
            ))}
          </select>
        </label>
      )}
    </fieldset>
  );
}
