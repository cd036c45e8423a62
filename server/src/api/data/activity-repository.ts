import { asc, eq } from 'drizzle-orm';
import type { ActivitySummary } from '@partak/domain/api/account';
import {
  computeStats,
  recentActivity,
  type ActivityEvent,
  type ActivityType,
} from '@partak/domain/activity';
import { weekFigures, weekIn } from '@partak/domain/review-weeks';
import type { Db } from '../../db/client.ts';
import { activityEvents } from '../../db/schema/index.ts';

type ActivityRow = typeof activityEvents.$inferSelect;

export function activityEvent(row: ActivityRow): ActivityEvent {
  return {
    id: row.id,
    type: row.type as ActivityType,
    at: new Date(row.at).toISOString(),
    ...(row.ref === null ? {} : { ref: row.ref }),
    ...(row.label === null ? {} : { label: row.label }),
  };
}

/** Appends events; one already recorded (same id: a retried upload) is not counted twice. */
export async function appendEvents(
  db: Db,
  userId: string,
  events: readonly ActivityEvent[],
): Promise<number> {
  const added = await db
    .insert(activityEvents)
    .values(
      events.map((event) => ({
        userId,
        id: event.id,
        type: event.type,
        at: event.at,
        ref: event.ref ?? null,
        label: event.label ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: activityEvents.id });
  return added.length;
}

/** Every event of the user, in the order they happened. */
export async function listEvents(db: Db, userId: string): Promise<ActivityEvent[]> {
  const rows = await db
    .select()
    .from(activityEvents)
    .where(eq(activityEvents.userId, userId))
    .orderBy(asc(activityEvents.at), asc(activityEvents.id));
  return rows.map(activityEvent);
}

/** The statistics screen's figures, by the same rules as the browser's (domain/activity.ts). */
export async function activitySummary(
  db: Db,
  userId: string,
  now: Date,
  timeZone: string | undefined,
): Promise<ActivitySummary> {
  const events = await listEvents(db, userId);
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return {
    stats: computeStats(events, now, timeZone),
    recent: recentActivity(events),
    week: weekFigures(events, weekIn(zone)(now.getTime()), zone),
  };
}
