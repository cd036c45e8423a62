import { weekIn, type WeekId } from '@partak/domain/review-weeks';

/** The IANA time zone this browser lives in (what the user's weeks and reminders follow). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The week `now` falls in, in this browser's time zone (weeks start on Monday). */
export const weekHere = (now: Date): WeekId => weekIn(browserTimeZone())(now.getTime());
