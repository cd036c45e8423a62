/**
 * The weekly review's calendar: weeks named by their Monday, this week's figures from the activity
 * log, and the forgiving streak of weeks with a review.
 */
import { inTimeZone, type ActivityEvent } from './activity.ts';

/** A week, named by the date of its Monday: `2026-11-23`. */
export type WeekId = string;

const WEEK_ID = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The week (Monday's date) a wall-clock date falls in; the date is read as written, no zone. */
export function weekOf(year: number, month: number, day: number): WeekId {
  const date = new Date(Date.UTC(year, month - 1, day));
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return isoDate(new Date(date.getTime() - sinceMonday * DAY_MS));
}

/**
 * The week a moment falls in, in `timeZone` (weeks start on Monday at midnight there). One
 * function per zone, so a whole log is placed with one formatter.
 */
export function weekIn(timeZone: string): (time: number) => WeekId {
  const wallClock = inTimeZone(timeZone);
  return (time) => {
    const wall = new Date(wallClock(time));
    return weekOf(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate());
  };
}

/** The week `weeks` weeks after `week` (before it when negative). */
export function addWeeks(week: WeekId, weeks: number): WeekId {
  return isoDate(new Date(mondayTime(week) + weeks * 7 * DAY_MS));
}

export function isWeekId(value: string): boolean {
  const match = WEEK_ID.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  return weekOf(year ?? 0, month ?? 0, day ?? 0) === value;
}

function mondayTime(week: WeekId): number {
  const match = WEEK_ID.exec(week);
  if (!match) throw new RangeError(`not a week: ${week}`);
  const [, year, month, day] = match.map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1);
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** What a week's review shows first: what the activity log says happened that week. */
export interface WeekFigures {
  /** Steps of goals marked done. */
  stepsDone: number;
  /** Goals whose last step was done. */
  goalsFinished: number;
  /** Conversations with the mentor that had a message sent in the week. */
  conversations: number;
}

/** The figures of `week` in `timeZone`, from the activity log (nothing counted twice). */
export function weekFigures(
  events: readonly ActivityEvent[],
  week: WeekId,
  timeZone: string,
): WeekFigures {
  const weekAt = weekIn(timeZone);
  const inWeek = events.filter((event) => weekAt(Date.parse(event.at)) === week);
  const distinct = (type: ActivityEvent['type']) =>
    new Set(inWeek.filter((event) => event.type === type).map((event) => event.ref ?? event.id))
      .size;
  return {
    stepsDone: inWeek.filter((event) => event.type === 'goal_step_done').length,
    goalsFinished: distinct('goal_completed'),
    conversations: distinct('message_sent'),
  };
}

/** One missed week in any four consecutive weeks leaves a streak standing. */
const FORGIVEN_WINDOW = 4;

/**
 * Weeks with a review, counted back from `thisWeek`, where one missed week in any four does not
 * break the run (a holiday, a sick week). This week counts once its review is done; until then the
 * run is counted from last week, since this week is not missed yet. Missed weeks are forgiven,
 * not counted: the figure is the number of weeks with a review.
 */
export function reviewStreak(reviewed: Iterable<WeekId>, thisWeek: WeekId): number {
  const weeks = new Set(reviewed);
  if (weeks.size === 0) return 0;
  const oldest = [...weeks].sort()[0] ?? thisWeek;
  let week = weeks.has(thisWeek) ? thisWeek : addWeeks(thisWeek, -1);
  let streak = 0;
  let lastMiss = Number.NEGATIVE_INFINITY;
  for (let index = 0; week >= oldest; index++, week = addWeeks(week, -1)) {
    if (weeks.has(week)) {
      streak++;
      continue;
    }
    if (index - lastMiss < FORGIVEN_WINDOW) break;
    lastMiss = index;
  }
  return streak;
}
