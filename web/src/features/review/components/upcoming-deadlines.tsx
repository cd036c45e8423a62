import { Suspense } from 'react';
import { DeadlineList } from '@/components/deadlines/deadline-list.tsx';
import { isoDay, useDeadlines } from '@/components/deadlines/use-deadlines.ts';
import { useTranslation } from '@/i18n/use-translation.ts';
import { businessProfileStore } from '@/lib/data/business-profile.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';

function Upcoming({ now }: { now: Date }) {
  const { t } = useTranslation('deadlines');
  const [profile] = useStored('business-profile', businessProfileStore);
  const today = isoDay(now);
  const deadlines = useDeadlines(profile, 'next-two-weeks', today);
  // Without a legal form there is nothing to plan the week around: the block stays away.
  if (deadlines === undefined) return null;
  return (
    <section aria-labelledby="upcoming-deadlines" className="flex flex-col gap-3">
      <h2 id="upcoming-deadlines" className="text-lg font-bold text-slate-900">
        {t('upcoming.title')}
      </h2>
      {deadlines.length ? (
        <DeadlineList deadlines={deadlines} today={today} />
      ) : (
        <p className="text-slate-700">{t('upcoming.none')}</p>
      )}
    </section>
  );
}

/**
 * The review's "Co tě čeká": the deadlines of the next 14 days, for planning the week. It is the
 * user's own data, so it shows once the page has hydrated (never in the prerendered HTML).
 */
export function UpcomingDeadlines({ now = new Date() }: { now?: Date }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Upcoming now={now} />
    </Suspense>
  );
}
