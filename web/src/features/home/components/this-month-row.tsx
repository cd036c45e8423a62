import type { TFunction } from 'i18next';
import type { Deadline } from '@partak/domain/deadlines/deadlines';
import type { Language } from '@partak/domain/languages';
import { cn } from '@/lib/cn.ts';
import {
  daysBetween,
  daysLeftLabel,
  deadlineSummary,
  formatDeadlineDate,
} from '@/lib/deadline-text.ts';

interface ThisMonthRowProps {
  deadline: Deadline;
  today: string;
  /** The nearest deadline still ahead (or today): highlighted. */
  next: boolean;
  t: TFunction<'deadlines'>;
  language: Language;
}

/** One deadline of the month: its day, what it is and how many days are left. */
export function ThisMonthRow({ deadline, today, next, t, language }: ThisMonthRowProps) {
  const days = daysBetween(today, deadline.date);
  const past = days < 0;
  return (
    <li
      className={cn(
        'flex items-baseline gap-3 rounded-lg px-2 py-1',
        next && 'bg-brand-50 font-semibold text-slate-900 ring-1 ring-brand-200',
        past && 'text-slate-600 line-through',
      )}
      aria-current={next ? 'date' : undefined}
    >
      <time dateTime={deadline.date} className="w-20 shrink-0 tabular-nums">
        {formatDeadlineDate(deadline.date, language)}
      </time>
      <span className="min-w-0 flex-1">{deadlineSummary(t, deadline, language)}</span>
      <span className={cn('shrink-0 text-sm', past ? 'sr-only' : 'text-slate-700')}>
        {next && <span className="sr-only">{t('thisMonth.next')} </span>}
        {daysLeftLabel(t, days)}
      </span>
    </li>
  );
}
