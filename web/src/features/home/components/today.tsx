import { CalendarCheck } from 'lucide';
import { Link } from 'react-router';
import { isCompleted } from '@partak/domain/goals';
import { reviewStreak } from '@partak/domain/review-weeks';
import { href } from '@partak/domain/routes';
import { Button } from '@/components/ui/button.tsx';
import { Icon } from '@/components/ui/icon.tsx';
import { ReviewStreak } from '@/components/ui/review-streak.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { activityStore } from '@/lib/data/activity.ts';
import { goalsStore, takeStep } from '@/lib/data/goals.ts';
import { reviewsStore } from '@/lib/data/reviews.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { weekHere } from '@/lib/time-zone.ts';
import { SuggestedReading } from './suggested-reading.tsx';

const WEEK_MS = 7 * 86_400_000;

/**
 * Home for a returning visitor, above the welcome: the next step of the goal touched last (with
 * its + Krok), the review streak, and the way to the weekly review on Mondays or when the last
 * one is over a week old. A first visit (nothing done yet) shows nothing here.
 */
export function Today({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation('goals');
  const [goals, writeGoals] = useStored('goals', goalsStore);
  const [reviews] = useStored('reviews', reviewsStore);
  const [activity] = useStored('activity', activityStore);
  const returning = activity.kind === 'summary' || activity.events.length > 0 || reviews.length > 0;
  if (!returning) return null;

  const thisWeek = weekHere(now);
  const last = reviews[0];
  const reviewDue =
    last?.week !== thisWeek &&
    (now.getDay() === 1 || !last || now.getTime() - Date.parse(last.reviewedAt) > WEEK_MS);
  const read = new Set(
    (activity.kind === 'log' ? activity.events : activity.summary.recent).flatMap((event) =>
      event.type === 'article_read' && event.ref ? [event.ref] : [],
    ),
  );
  // Goals with steps left, the one worked on last first: its next step leads the card.
  const active = goals
    .filter((item) => !isCompleted(item))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const goal = active[0];

  return (
    <SectionCard title={t('today.title')} compact translucent className="relative z-10 mx-2 mt-4">
      {goal && (
        <div className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-slate-700 uppercase">
              {t('today.label')}
            </p>
            <p className="truncate font-semibold text-slate-900">{goal.title}</p>
            <p className="text-sm text-slate-700">
              {t('today.step', { next: goal.completedMilestones + 1, total: goal.milestones })}
            </p>
          </div>
          <Button
            onClick={() => takeStep(writeGoals, goal)}
            aria-label={t('stepUpLabel', { title: goal.title })}
            className="shrink-0"
          >
            {t('stepUp')}
          </Button>
        </div>
      )}
      <SuggestedReading goals={active} read={read} />
      <ReviewStreak
        streak={reviewStreak(
          reviews.map((review) => review.week),
          thisWeek,
        )}
      />
      {reviewDue && (
        <Link
          to={href('review')}
          className="flex items-center gap-2 font-semibold text-brand-800 underline"
        >
          <Icon icon={CalendarCheck} className="size-5" />
          {t('today.reviewDue')} – {t('today.reviewOpen')}
        </Link>
      )}
    </SectionCard>
  );
}
