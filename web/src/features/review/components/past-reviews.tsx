import type { WeeklyReview } from '@partak/domain/api/reviews';
import { useTranslation } from '@/i18n/use-translation.ts';
import { formatWeek } from '@/lib/format.ts';

/** The weeks reviewed before, newest first, each with its answers. */
export function PastReviews({ reviews }: { reviews: readonly WeeklyReview[] }) {
  const { t, language } = useTranslation('goals');
  return (
    <section aria-labelledby="past-reviews" className="flex flex-col gap-3">
      <h2 id="past-reviews" className="text-lg font-bold text-slate-900">
        {t('review.past.title')}
      </h2>
      {reviews.length === 0 ? (
        <p className="text-slate-700">{t('review.past.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {reviews.map((review) => (
            <li key={review.week}>
              <details className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <summary className="cursor-pointer font-semibold text-slate-900">
                  {formatWeek(review.week, language)}
                  <span className="block text-sm font-normal text-slate-700">
                    {t('review.past.focus')}: {review.focus}
                  </span>
                </summary>
                <dl className="mt-3 flex flex-col gap-2 text-sm">
                  {(['wentWell', 'inTheWay'] as const).map((key) =>
                    review[key] ? (
                      <div key={key}>
                        <dt className="font-semibold text-slate-900">{t(`review.past.${key}`)}</dt>
                        <dd className="whitespace-pre-line text-slate-700">{review[key]}</dd>
                      </div>
                    ) : null,
                  )}
                </dl>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
