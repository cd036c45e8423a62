import { Link } from 'react-router';
import { href } from '@partak/domain/routes';
import { DeadlineList } from '@/components/deadlines/deadline-list.tsx';
import { isoDay, useDeadlines } from '@/components/deadlines/use-deadlines.ts';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { businessProfileStore } from '@/lib/data/business-profile.ts';
import { useStored } from '@/lib/data/use-stored.ts';

/**
 * "Tento měsíc" on home: this month's deadlines of the user's regime (the insurance advances or
 * paušální daň, returns, overviews, DPH), each moved to a working day; without a profile that
 * says the legal form, one line inviting to fill it in.
 */
export function ThisMonth({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation('deadlines');
  const [profile] = useStored('business-profile', businessProfileStore);
  const today = isoDay(now);
  const deadlines = useDeadlines(profile, 'this-month', today);
  return (
    <SectionCard
      title={t('thisMonth.title')}
      compact
      translucent
      className="relative z-10 mx-2 mt-4"
    >
      {deadlines === undefined ? (
        <p className="text-slate-700">
          {t('thisMonth.invite')}{' '}
          <Link
            to={`${href('profile')}#muj-byznys`}
            className="font-medium text-brand-700 underline"
          >
            {t('thisMonth.inviteLink')}
          </Link>
        </p>
      ) : deadlines.length === 0 ? (
        <p className="text-slate-700">{t('thisMonth.none')}</p>
      ) : (
        <DeadlineList deadlines={deadlines} today={today} />
      )}
    </SectionCard>
  );
}
