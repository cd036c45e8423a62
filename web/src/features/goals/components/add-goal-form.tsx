import { useEffect, useId, useRef, useState } from 'react';
import { Plus } from 'lucide';
import { GOAL_TITLE_MAX_LENGTH, type GoalTitleCheck } from '@partak/domain/goals';
import type { SuggestedGoal } from '@partak/domain/mentor-events';
import { Button } from '@/components/ui/button.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/**
 * The add-goal toggle and form. Enter submits; a blank title is quietly ignored; a title over the
 * limit is refused with a visible hint and nothing typed is thrown away. A goal the mentor offered
 * opens the form filled in, with its number of steps. When the form closes (added or cancelled),
 * focus goes back to the toggle instead of being lost with the form.
 */
export function AddGoalForm({
  onAdd,
  offer,
}: {
  onAdd: (title: string, milestones?: number) => GoalTitleCheck;
  offer?: SuggestedGoal;
}) {
  const { t } = useTranslation('goals');
  const [open, setOpen] = useState(offer !== undefined);
  const [title, setTitle] = useState(offer?.title ?? '');
  const [steps, setSteps] = useState(offer?.steps);
  const id = useId();
  const tooLong = title.trim().length > GOAL_TITLE_MAX_LENGTH;
  const toggle = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);

  useEffect(() => {
    if (wasOpen.current && !open) toggle.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = () => {
    setOpen(false);
    setTitle('');
    setSteps(undefined);
  };

  if (!open) {
    return (
      <Button ref={toggle} onClick={() => setOpen(true)} className="self-start">
        <Icon icon={Plus} />
        {t('add.toggle')}
      </Button>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (onAdd(title, steps).ok) close();
      }}
      className="flex flex-col gap-3 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <label htmlFor={id} className="font-semibold text-slate-900">
        {t('add.label')}
      </label>
      <input
        id={id}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        placeholder={t('add.placeholder')}
        autoFocus
        autoComplete="off"
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-hint`}
        className="rounded-2xl border border-slate-300 px-4 py-3 text-base focus:border-brand-700"
      />
      <p id={`${id}-hint`} className={tooLong ? 'text-sm text-red-700' : 'text-xs text-slate-600'}>
        {tooLong
          ? t('add.tooLong', { count: title.trim().length, max: GOAL_TITLE_MAX_LENGTH })
          : t('add.counter', { count: title.trim().length, max: GOAL_TITLE_MAX_LENGTH })}
      </p>
      {steps !== undefined && (
        <p className="text-sm text-slate-700">{t('add.stepsNote', { count: steps })}</p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={tooLong}>
          {t('add.submit')}
        </Button>
        <Button variant="ghost" onClick={close}>
          {t('add.cancel')}
        </Button>
      </div>
    </form>
  );
}
