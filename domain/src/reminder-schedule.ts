/**
 * When the weekly review reminder is sent: a day of the week and an hour, in the user's time zone.
 */
import { inTimeZone } from './activity.ts';

export interface ReminderSchedule {
  /** ISO day of the week: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** The hour on the clock there, 0–23 (sent on the hour). */
  hour: number;
  /** An IANA time zone, e.g. `Europe/Prague`. */
  timeZone: string;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The first moment after `after` (a time value) when the clock in the schedule's zone shows its
 * weekday and hour. Around daylight saving changes: an hour the clocks skip (02:00 on the last
 * Sunday of March in Prague) is sent when they jump, at 03:00; an hour that happens twice (02:00
 * on the last Sunday of October) is sent the first time only.
 */
export function nextReminderAt(schedule: ReminderSchedule, after: number): number {
  const wallClock = inTimeZone(schedule.timeZone);
  const today = new Date(wallClock(after));
  // Eight days: today's hour may have passed, and the same weekday comes again a week later.
  for (let days = 0; days <= 7; days++) {
    const wallDay = Date.UTC(
      today.getUTCFullYear(),
      today.getUTCMonth(),
      today.getUTCDate() + days,
    );
    if (isoWeekday(wallDay) !== schedule.weekday) continue;
    const at = momentOf(wallDay + schedule.hour * HOUR_MS, wallClock);
    if (at > after) return at;
  }
  throw new RangeError('no reminder time within eight days'); // unreachable for a valid schedule
}

const isoWeekday = (wallDay: number) => ((new Date(wallDay).getUTCDay() + 6) % 7) + 1;

/**
 * The moment the clock shows `wall` (a wall-clock time read as UTC): of the zone's offsets a day
 * either side, the earliest moment that shows it; when none does (the clocks skipped it), the
 * earliest moment after the skip.
 */
function momentOf(wall: number, wallClock: (time: number) => number): number {
  const offsets = [wall - DAY_MS, wall + DAY_MS].map((time) => wallClock(time) - time);
  const candidates = [...new Set(offsets)].map((offset) => wall - offset).sort((a, b) => a - b);
  const exact = candidates.find((moment) => wallClock(moment) === wall);
  if (exact !== undefined) return exact;
  return candidates.find((moment) => wallClock(moment) > wall) ?? wall;
}
