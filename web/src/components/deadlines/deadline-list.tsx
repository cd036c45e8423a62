import type { Deadline } from '@partak/domain/deadlines/deadlines';
import { LANGUAGE_LOCALES, languageOrDefault } from '@partak/domain/languages';
import { useTranslation } from '@/i18n/use-translation.ts';

const DAY_MS = 86_400_000;

/** "listopad 2026", "4. čtvrtletí 2026" or "2026": what a deadline is for. */
function usePeriodName() {
  const { t, language } = useTranslation('deadlines');
  const locale = LANGUAGE_LOCALES[languageOrDefault(language)];
  return (period: string) => {
    const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
    if (quarter) return t('quarter', { year: quarter[1], quarter: quarter[2] });
    if (/^\d{4}-\d{2}$/.test(period)) {
      return new Intl.DateTimeFormat(locale, {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${period}-01T00:00:00Z`));
    }
    return period;
  };
}

/** The deadlines, each with its day, what it is and how far away, the next one stressed. */
export function DeadlineList({ deadlines, today }: { deadlines: Deadline[]; today: string }) {
  const { t, language } = useTranslation('deadlines');
  const periodName = usePeriodName();
  const locale = LANGUAGE_LOCALES[languageOrDefault(language)];
  const day = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  });
  const next = deadlines.find((deadline) => deadline.date >= today);
  return (
    <ul className="flex flex-col gap-2">
      {deadlines.map((deadline) => {
        const days = Math.round((Date.parse(deadline.date) - Date.parse(today)) / DAY_MS);
        const when =
          days < 0
            ? t('when.past')
            : days === 0
              ? t('when.today')
              : days === 1
                ? t('when.tomorrow')
                : t('when.inDays', { count: days });
        const name = periodName(deadline.period);
        const summary = t(`kind.${deadline.kind}`, {
          month: name,
          period: name,
          year: deadline.period.slice(0, 4),
        });
        const isNext = deadline === next;
        return (
          <li
            key={deadline.id}
            className={`flex items-baseline gap-3 ${days < 0 ? 'text-slate-500 line-through' : 'text-slate-800'}`}
          >
            <time dateTime={deadline.date} className="w-14 shrink-0 font-semibold tabular-nums">
              {day.format(new Date(`${deadline.date}T00:00:00Z`))}
            </time>
            <span className={`min-w-0 flex-1 ${isNext ? 'font-semibold text-slate-900' : ''}`}>
              {summary}
            </span>
            <span className={`shrink-0 text-sm ${isNext ? 'font-semibold text-brand-700' : ''}`}>
              {when}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
