import { Flame } from 'lucide';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

/** Weeks in a row with a review (one missed week in four forgiven), with what the rule is. */
export function ReviewStreak({ streak }: { streak: number }) {
  const { t } = useTranslation('goals');
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      <Icon icon={Flame} className="size-5 shrink-0 text-accent-600" />
      <span>
        <strong className="font-semibold text-slate-900">
          {streak > 0 ? t('review.streak', { count: streak }) : t('review.streakNone')}
        </strong>{' '}
        {t('review.streakRule')}
      </span>
    </p>
  );
}
