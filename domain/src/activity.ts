/**
 * The activity log behind the statistics screen: what the user did and when. Each feature
 * appends its events; the figures are always computed from the log, never invented.
 */
import { z } from 'zod/mini';
import { isId, legacyId, withChanges } from './ids.ts';
import { IsoTimestampSchema } from './timestamps.ts';

export const ACTIVITY_TYPES = [
  'message_sent',
  'conversation_saved',
  'topic_opened',
  'article_read',
  'goal_step_done',
  'goal_completed',
] as const;

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * One thing the user did. Events never change once made, so `at` is all the time they need (no
 * `updatedAt`); the id makes appending the same event twice (a retried upload) harmless.
 */
export const ActivityEventSchema = z.object({
  id: z.uuid(),
  type: z.enum(ACTIVITY_TYPES),
  /** When it happened, as an ISO 8601 timestamp. */
  at: IsoTimestampSchema,
  /** What it was about: a conversation, topic, article or goal id. */
  ref: z.optional(z.string().check(z.maxLength(200))),
  /** A human label where the id alone says nothing (a goal's title). */
  label: z.optional(z.string().check(z.maxLength(200))),
});

export type ActivityEvent = z.infer<typeof ActivityEventSchema>;

/** The log keeps at most this many events; the oldest are dropped first. */
export const ACTIVITY_LOG_LIMIT = 10_000;

export function isActivityEvent(value: unknown): value is ActivityEvent {
  return ActivityEventSchema.safeParse(value).success;
}

/** Events about these refer to a conversation or a goal by its id. */
const REF_KINDS: Partial<Record<string, string>> = {
  message_sent: 'conversation',
  conversation_saved: 'conversation',
  goal_step_done: 'goal',
  goal_completed: 'goal',
};

/**
 * An event of an older version has no id: it gets one derived from what it records (so every
 * read gives it the same), and a reference to a conversation or goal by its old id follows that
 * record to its UUID (chat.ts, goals.ts), so the statistics still count it once.
 */
export function upgradeActivityEvent(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const event = value as Record<string, unknown>;
  const kind = REF_KINDS[String(event.type)];
  const ref =
    kind && typeof event.ref === 'string' && !isId(event.ref)
      ? legacyId(kind, event.ref)
      : event.ref;
  const id = isId(event.id)
    ? event.id
    : legacyId('activity', `${String(event.type)}|${String(event.at)}|${String(event.ref)}`);
  return withChanges(event, { id, ref });
}

/** Appends events, keeping the newest `limit` of them. */
export function appendActivity(
  log: readonly ActivityEvent[],
  event: ActivityEvent,
  limit = ACTIVITY_LOG_LIMIT,
): ActivityEvent[] {
  const next = [...log, event];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

export interface ActivityStats {
  conversations: { total: number; thisWeek: number };
  topics: { total: number; thisWeek: number };
  goals: { total: number; thisMonth: number };
  /** Share of the last 30 days with any activity, in percent, and its change in points. */
  activityRate: { percent: number; change: number };
}

const DAY_WINDOW = 30;

/**
 * Where days, weeks and months begin. The browser counts in its own local time; the server counts
 * in the user's time zone by moving every moment to its wall-clock time there (`inTimeZone`) and
 * reading it as UTC, so one set of rules serves both.
 */
interface Calendar {
  /** Midnight starting the day `offset` days after `date`'s, as a time value. */
  day(date: Date, offset?: number): number;
  /** Day of the week, 0 = Sunday. */
  weekday(date: Date): number;
  /** Midnight starting `date`'s month. */
  month(date: Date): number;
}

const LOCAL: Calendar = {
  day: (date, offset = 0) =>
    new Date(date.getFullYear(), date.getMonth(), date.getDate() + offset).getTime(),
  weekday: (date) => date.getDay(),
  month: (date) => new Date(date.getFullYear(), date.getMonth(), 1).getTime(),
};

const WALL_CLOCK: Calendar = {
  day: (date, offset = 0) =>
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + offset),
  weekday: (date) => date.getUTCDay(),
  month: (date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1),
};

/** Monday 00:00 of the week containing `date`, in local time (weeks start on Monday). */
export function startOfWeek(date: Date, calendar: Calendar = LOCAL): Date {
  const sinceMonday = (calendar.weekday(date) + 6) % 7;
  return new Date(calendar.day(date, -sinceMonday));
}

export function startOfMonth(date: Date, calendar: Calendar = LOCAL): Date {
  return new Date(calendar.month(date));
}

/**
 * Moves moments to their wall-clock time in `timeZone`, read as UTC (10:00 in Prague becomes
 * 10:00Z). Offsets are looked up once an hour of time, since all an hour's moments share one.
 */
export function inTimeZone(timeZone: string): (time: number) => number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsets = new Map<number, number>();
  return (time) => {
    const hour = Math.floor(time / 3_600_000);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      const at = hour * 3_600_000;
      const part = (type: string) =>
        Number(format.formatToParts(at).find((p) => p.type === type)?.value ?? 0);
      const wall = Date.UTC(
        part('year'),
        part('month') - 1,
        part('day'),
        part('hour'),
        part('minute'),
        part('second'),
      );
      offset = wall - at;
      offsets.set(hour, offset);
    }
    return time + offset;
  };
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** First time each ref appears among events of a type. */
function firstSeen(
  events: readonly ActivityEvent[],
  times: readonly number[],
  type: ActivityType,
): Map<string, number> {
  const seen = new Map<string, number>();
  events.forEach((event, index) => {
    if (event.type !== type || !event.ref) return;
    const at = times[index] ?? 0;
    const previous = seen.get(event.ref);
    if (previous === undefined || at < previous) seen.set(event.ref, at);
  });
  return seen;
}

const countSince = (times: Map<string, number>, since: Date) =>
  [...times.values()].filter((at) => at >= since.getTime()).length;

/**
 * Share of active days, in percent, in two back-to-back 30-day windows: the one ending today and
 * the one before it. Day boundaries are local midnights (a day may be 23 or 25 hours long around
 * a DST change), so events are placed by binary search over the boundaries rather than by division.
 */
function activityRates(
  times: readonly number[],
  now: Date,
  calendar: Calendar,
): [current: number, previous: number] {
  const boundaries: number[] = [];
  for (let offset = 2 * DAY_WINDOW - 1; offset >= -1; offset--) {
    boundaries.push(calendar.day(now, -offset));
  }
  const first = boundaries[0] ?? 0;
  const end = boundaries[boundaries.length - 1] ?? 0;
  const active = new Array<boolean>(2 * DAY_WINDOW).fill(false);
  for (const at of times) {
    if (at < first || at >= end) continue;
    let low = 0;
    let high = boundaries.length - 1;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if ((boundaries[middle] ?? 0) <= at) low = middle;
      else high = middle;
    }
    active[low] = true;
  }
  const percent = (days: boolean[]) => Math.round((days.filter(Boolean).length / DAY_WINDOW) * 100);
  return [percent(active.slice(DAY_WINDOW)), percent(active.slice(0, DAY_WINDOW))];
}

/**
 * The statistics screen's figures: distinct conversations and topics (with this week's new ones),
 * distinct goals completed (with this month's), and the share of active days in the last 30 days
 * compared with the 30 before. Counted in local time, or in `timeZone` when given (the server,
 * counting for a user elsewhere). Linear in the log's length; each timestamp is parsed once.
 */
export function computeStats(
  events: readonly ActivityEvent[],
  now: Date,
  timeZone?: string,
): ActivityStats {
  const shift = timeZone ? inTimeZone(timeZone) : undefined;
  const calendar = shift ? WALL_CLOCK : LOCAL;
  const times = events.map((event) => {
    const at = Date.parse(event.at);
    return shift ? shift(at) : at;
  });
  const today = shift ? new Date(shift(now.getTime())) : now;
  const weekStart = startOfWeek(today, calendar);
  const monthStart = startOfMonth(today, calendar);
  const conversations = firstSeen(events, times, 'message_sent');
  const topics = firstSeen(events, times, 'topic_opened');
  const goals = firstSeen(events, times, 'goal_completed');
  const [percent, previous] = activityRates(times, today, calendar);

  return {
    conversations: { total: conversations.size, thisWeek: countSince(conversations, weekStart) },
    topics: { total: topics.size, thisWeek: countSince(topics, weekStart) },
    goals: { total: goals.size, thisMonth: countSince(goals, monthStart) },
    activityRate: { percent, change: percent - previous },
  };
}

/** The newest events first, at most `limit` of them (one pass; no sort of the whole log). */
export function recentActivity(events: readonly ActivityEvent[], limit = 4): ActivityEvent[] {
  const newest: { event: ActivityEvent; at: number }[] = [];
  for (const event of events) {
    const at = Date.parse(event.at);
    // The log is in the order things happened, so of two events with one timestamp the later one
    // in the log is the newer.
    if (newest.length === limit && at < (newest[limit - 1]?.at ?? -Infinity)) continue;
    const position = newest.findIndex((entry) => at >= entry.at);
    newest.splice(position === -1 ? newest.length : position, 0, { event, at });
    if (newest.length > limit) newest.pop();
  }
  return newest.map((entry) => entry.event);
}
