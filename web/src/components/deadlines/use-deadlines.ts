import { use, useMemo } from 'react';
import { deadlineProfileOf, type BusinessProfile } from '@partak/domain/business-profile';
import { addDays } from '@partak/domain/deadlines/czech-holidays';
import { deadlinesFor, type Deadline } from '@partak/domain/deadlines/deadlines';
import { loadFigures } from '@/lib/content-loader.ts';

/** A local date as ISO (`2026-11-26`): deadlines are days in Czechia, not instants. */
export const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export type DeadlineRange = 'this-month' | 'next-two-weeks';

function rangeOf(kind: DeadlineRange, today: string): { from: string; to: string } {
  if (kind === 'next-two-weeks') return { from: today, to: addDays(today, 14) };
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    from: `${today.slice(0, 7)}-01`,
    to: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}`,
  };
}

/**
 * The deadlines of the profile's regime in a range, or undefined when the profile does not say
 * enough (no legal form). Suspends until figures.json has loaded.
 */
export function useDeadlines(
  profile: BusinessProfile,
  range: DeadlineRange,
  today: string,
): Deadline[] | undefined {
  const figures = use(loadFigures());
  return useMemo(() => {
    const regime = deadlineProfileOf(profile);
    return regime ? deadlinesFor(regime, rangeOf(range, today), figures) : undefined;
  }, [profile, range, today, figures]);
}
