import { CalendarClock } from 'lucide';
import { Link } from 'react-router';
import { deadlineProfileOf } from '@partak/domain/business-profile';
import { deadlinesFor } from '@partak/domain/deadlines/deadlines';
import type { Figures } from '@partak/domain/figures';
import { href } from '@partak/domain/routes';
import { Icon } from '@/components/ui/icon.tsx';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useTranslation } from '@/i18n/use-translation.ts';
import { businessProfileStore } from '@/lib/data/business-profile.ts';
import { useStored } from '@/lib/data/use-stored.ts';
import { isoDateHere, monthEnd } from '@/lib/deadline-text.ts';
// In this lazy chunk on purpose: the figures and the deadline rules stay off the home route.
import figures from '../../../../../content/library/figures.json';
import { ThisMonthRow } from './this-month-row.tsx';

/**
 * "Tento měsíc" on home: the deadlines of the user's regime in this calendar month, the next one
 * highlighted and the past ones struck through. Without a legal form in the profile it is one
 * line asking for it. Loaded lazily, after home is shown (ADR 002).
 */
export function ThisMonth({ now = new Date() }: { now?: Date }) {
  const { t, language } = useTranslation('deadlines');
  const [profile] = useStored('business-profile', businessProfileStore);
  const deadlineProfile = deadlineProfileOf(profile);

  if (!deadlineProfile) {
    return (
      <SectionCard title={t('thisMonth.title')} compact translucent className={CARD_PLACEMENT}>
        <Link to={href('profile')} className="font-semibold text-brand-800 underline">
          {t('thisMonth.invite')}
        </Link>
      </SectionCard>
    );
  }

  const today = isoDateHere(now);
  const range = { from: `${today.slice(0, 7)}-01`, to: monthEnd(today) };
  const deadlines = deadlinesFor(deadlineProfile, range, figures as Figures);
  const next = deadlines.find((deadline) => deadline.date >= today);

  return (
    <SectionCard title={t('thisMonth.title')} compact translucent className={CARD_PLACEMENT}>
      {deadlines.length === 0 ? (
        <p className="flex items-center gap-2 text-slate-700">
          <Icon icon={CalendarClock} className="size-5" />
          {t('thisMonth.none')}
        </p>
      ) : (
        <ul className="flex flex-col gap-1">
          {deadlines.map((deadline) => (
            <ThisMonthRow
              key={deadline.id}
              deadline={deadline}
              today={today}
              next={deadline === next}
              t={t}
              language={language}
            />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

const CARD_PLACEMENT = 'relative z-10 mx-2 mt-6';
