import { useId, useState, type ReactNode } from 'react';
import { REVIEW_ANSWER_MAX_LENGTH, type WeeklyReview } from '@partak/domain/api/reviews';
import { GOAL_TITLE_MAX_LENGTH, type Goal } from '@partak/domain/goals';
import { Button } from '@/components/ui/button.tsx';
import { FIELD_CLASS } from '@/components/ui/field.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import type { FocusTarget, ReviewAnswers } from '../use-weekly-review.ts';
import { FocusTargetChoice } from './focus-target-choice.tsx';

const FIELD = `w-full ${FIELD_CLASS}`;

function Question({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The three questions (what went well, what got in the way, the one focus for next week) and what
 * to do with the focus. Only the focus is required; nothing typed is lost when it is missing.
 */
export function ReviewForm({
  previous,
  goals,
  onSave,
}: {
  previous: WeeklyReview | undefined;
  goals: readonly Goal[];
  onSave: (answers: ReviewAnswers, target: FocusTarget) => Promise<void>;
}) {
  const { t } = useTranslation('goals');
  const id = useId();
  const [answers, setAnswers] = useState<ReviewAnswers>({
    wentWell: previous?.wentWell ?? '',
    inTheWay: previous?.inTheWay ?? '',
    focus: previous?.focus ?? '',
  });
  const [target, setTarget] = useState<FocusTarget['kind']>('note');
  const [goalId, setGoalId] = useState(goals[0]?.id ?? '');
  const [missingFocus, setMissingFocus] = useState(false);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof ReviewAnswers) => (value: string) =>
    setAnswers((current) => ({ ...current, [key]: value }));

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (answers.focus.trim() === '') {
          setMissingFocus(true);
          document.getElementById(`${id}-focus`)?.focus();
          return;
        }
        setSaving(true);
        const chosen: FocusTarget =
          target === 'step' && goalId
            ? { kind: 'step', goalId }
            : { kind: target === 'step' ? 'note' : target };
        void onSave(answers, chosen).finally(() => setSaving(false));
      }}
    >
      <Question id={`${id}-well`} label={t('review.questions.wentWell')}>
        <textarea
          id={`${id}-well`}
          rows={3}
          maxLength={REVIEW_ANSWER_MAX_LENGTH}
          value={answers.wentWell}
          onChange={(event) => set('wentWell')(event.target.value)}
          className={FIELD}
        />
      </Question>
      <Question id={`${id}-way`} label={t('review.questions.inTheWay')}>
        <textarea
          id={`${id}-way`}
          rows={3}
          maxLength={REVIEW_ANSWER_MAX_LENGTH}
          value={answers.inTheWay}
          onChange={(event) => set('inTheWay')(event.target.value)}
          className={FIELD}
        />
      </Question>
      <Question id={`${id}-focus`} label={t('review.questions.focus')}>
        <input
          id={`${id}-focus`}
          type="text"
          maxLength={GOAL_TITLE_MAX_LENGTH}
          value={answers.focus}
          aria-invalid={missingFocus && answers.focus.trim() === ''}
          aria-describedby={missingFocus ? `${id}-focus-error` : undefined}
          onChange={(event) => set('focus')(event.target.value)}
          className={FIELD}
        />
        {missingFocus && answers.focus.trim() === '' && (
          <p id={`${id}-focus-error`} role="alert" className="text-sm font-medium text-red-700">
            {t('review.focusRequired')}
          </p>
        )}
      </Question>
      <FocusTargetChoice
        name={`${id}-target`}
        goals={goals}
        target={target}
        goalId={goalId}
        onTarget={setTarget}
        onGoal={setGoalId}
      />
      <Button type="submit" disabled={saving} className="self-start">
        {t(previous ? 'review.saveChanges' : 'review.save')}
      </Button>
    </form>
  );
}
