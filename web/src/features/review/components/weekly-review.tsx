import { useState } from 'react';
import type { TFunction } from 'i18next';
import { Link, useNavigate } from 'react-router';
import type { WeeklyReview as Review } from '@partak/domain/api/reviews';
import { href } from '@partak/domain/routes';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';
import { askInChat } from '@/lib/chat-hand-off.ts';
import { formatWeek } from '@/lib/format.ts';
import { Button } from '@/components/ui/button.tsx';
import { toast } from '@/lib/toast.ts';
import { useWeeklyReview } from '../use-weekly-review.ts';
import { PastReviews } from './past-reviews.tsx';
import { ReviewForm } from './review-form.tsx';
import { ReviewStreak } from '@/components/ui/review-streak.tsx';
import { UpcomingDeadlines } from './upcoming-deadlines.tsx';
import { WeekFigures } from './week-figures.tsx';

/**
 * The review as a first message to the mentor, what got in the way first: the library mentor
 * answers with the articles for it, a model mentor with a reply of its own (the chat says which).
 */
function mentorQuestion(review: Review, t: TFunction<'goals'>): string {
  const parts = [
    t('review.mentor.intro'),
    review.inTheWay && t('review.mentor.inTheWay', { text: review.inTheWay }),
    review.wentWell && t('review.mentor.wentWell', { text: review.wentWell }),
    t('review.mentor.focus', { text: review.focus }),
    t('review.mentor.ask'),
  ];
  return parts.filter(Boolean).join('\n');
}

/**
 * The weekly review screen: this week's figures, the three questions (or, once answered, what was
 * answered, with a way to change it), the streak and the weeks before.
 */
export function WeeklyReview() {
  const { t, language } = useTranslation('goals');
  const review = useWeeklyReview();
  // Until the user chooses, the form shows while this week has no review yet (the stored reviews
  // arrive after a prerendered page hydrates, so this is derived, not set once).
  const [editingChoice, setEditing] = useState<boolean>();
  const editing = editingChoice ?? review.current === undefined;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { current } = review;

  return (
    <div className="flex flex-col gap-6">
      <p className="font-semibold text-brand-800">
        {hydrated ? t('review.week', { range: formatWeek(review.thisWeek, language) }) : '\u00a0'}
      </p>
      <ReviewStreak streak={review.streak} />
      <WeekFigures figures={review.figures} />
      <UpcomingDeadlines />
      <section aria-labelledby="this-review" className="flex flex-col gap-4">
        <h2 id="this-review" className="text-lg font-bold text-slate-900">
          {t(editing ? 'review.questions.title' : 'review.done.title')}
        </h2>
        {editing ? (
          <ReviewForm
            previous={review.current}
            goals={review.goals}
            onSave={async (answers, target) => {
              const { goal } = await review.save(answers, target);
              toast.success(
                t('review.saved'),
                goal
                  ? t(target.kind === 'newGoal' ? 'review.savedGoal' : 'review.savedStep', {
                      title: goal.title,
                    })
                  : undefined,
              );
              setEditing(false);
            }}
          />
        ) : (
          <div className="flex flex-col gap-3 rounded-3xl bg-emerald-50 p-4 ring-1 ring-emerald-200">
            <p className="text-slate-900">
              <span className="font-semibold">{t('review.past.focus')}:</span>{' '}
              {review.current?.focus}
            </p>
            {current && (
              <Button
                className="self-start"
                onClick={() =>
                  void navigate(href('chat'), { state: askInChat(mentorQuestion(current, t)) })
                }
              >
                {t('review.mentor.action')}
              </Button>
            )}
            <div className="flex flex-wrap gap-4">
              {review.current?.goalId && (
                <Link to={href('goals')} className="font-semibold text-brand-800 underline">
                  {t('review.done.goals')}
                </Link>
              )}
              <button
                type="button"
                onClick={() => setEditing(true)}
                className="font-semibold text-brand-800 underline"
              >
                {t('review.done.edit')}
              </button>
            </div>
          </div>
        )}
      </section>
      <PastReviews reviews={review.reviews.filter((item) => item.week !== review.thisWeek)} />
    </div>
  );
}
