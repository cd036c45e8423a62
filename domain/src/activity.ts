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

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Monday 00:00 of the week containing `date`, in local time (weeks start on Monday). */
export function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  const sinceMonday = (day.getDay() + 6) % 7;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() - sinceMonday);
}

export function startOfMonth(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1);
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
function activityRates(times: readonly number[], now: Date): [current: number, previous: number] {
  const boundaries: number[] = [];
  for (let offset = 2 * DAY_WINDOW - 1; offset >= -1; offset--) {
    boundaries.push(new Date(now.getFullYear(), now.getMonth(), now.getDate() - offset).getTime());
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
 * compared with the 30 before. Linear in the log's length; each timestamp is parsed once.
 */
export function computeStats(events: readonly ActivityEvent[], now: Date): ActivityStats {
  const times = events.map((event) => Date.parse(event.at));
  const weekStart = startOfWeek(now);
  const monthStart = startOfMonth(now);
  const conversations = firstSeen(events, times, 'message_sent');
  const topics = firstSeen(events, times, 'topic_opened');
  const goals = firstSeen(events, times, 'goal_completed');
  const [percent, previous] = activityRates(times, now);

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
