import { Flag, MessageCircle, SquareCheck, type IconNode } from 'lucide';
import type { WeekFigures as Figures } from '@partak/domain/review-weeks';
import { Icon } from '@/components/ui/icon.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';

const FIGURES: { key: keyof Figures; icon: IconNode }[] = [
  { key: 'stepsDone', icon: SquareCheck },
  { key: 'goalsFinished', icon: Flag },
  { key: 'conversations', icon: MessageCircle },
];

/** What the activity log says of the week: steps done, goals finished, conversations. */
export function WeekFigures({ figures }: { figures: Figures }) {
  const { t } = useTranslation('goals');
  return (
    <section aria-labelledby="week-figures" className="flex flex-col gap-3">
      <h2 id="week-figures" className="text-lg font-bold text-slate-900">
        {t('review.figures.title')}
      </h2>
      <dl className="grid grid-cols-3 gap-3">
        {FIGURES.map(({ key, icon }) => (
          <div
            key={key}
            className="flex flex-col gap-1 rounded-3xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
          >
            <dt className="flex flex-col gap-1 text-xs font-medium text-slate-700">
              <Icon icon={icon} className="size-5 text-brand-700" />
              {t(`review.figures.${key}`)}
            </dt>
            <dd className="text-2xl font-extrabold text-slate-900">{figures[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
