import { and, asc, eq, lte, or, count } from 'drizzle-orm';
import {
  DEFAULT_REMINDER_SETTINGS,
  type PushSubscriptionInput,
  type ReminderSettings,
  type ReminderState,
} from '@partak/domain/api/reminders';
import { nextReminderAt } from '@partak/domain/reminder-schedule';
import type { Db } from '../db/client.ts';
import { removeDeviceReminder } from './device-reminders-repository.ts';
import {
  pushSubscriptions,
  reminderSchedules,
  type ReminderScheduleRow,
} from '../db/schema/index.ts';

export type { ReminderScheduleRow };

const settingsOf = (row: ReminderScheduleRow | undefined): ReminderSettings =>
  row
    ? {
        weekday: row.weekday,
        hour: row.hour,
        timeZone: row.timeZone,
        push: row.push,
        email: row.email,
      }
    : DEFAULT_REMINDER_SETTINGS;

export async function readSchedule(
  db: Db,
  userId: string,
): Promise<ReminderScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(reminderSchedules)
    .where(eq(reminderSchedules.userId, userId));
  return row;
}

export async function readReminders(db: Db, userId: string): Promise<ReminderState> {
  const [row, [devices]] = await Promise.all([
    readSchedule(db, userId),
    db
      .select({ value: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId)),
  ]);
  return { ...settingsOf(row), pushDevices: devices?.value ?? 0 };
}

/**
 * Keeps the user's choice and when the next reminder is due (none while both ways are off).
 * Choosing e-mail again after it was off starts a new generation of unsubscribe links.
 */
export async function saveReminders(
  db: Db,
  userId: string,
  settings: ReminderSettings,
  now: Date,
): Promise<void> {
  const before = await readSchedule(db, userId);
  const on = settings.push || settings.email;
  const nextSendAt = on ? new Date(nextReminderAt(settings, now.getTime())) : null;
  const renewLinks = settings.email && !before?.email;
  const generation = (before?.unsubscribeGeneration ?? 0) + (renewLinks && before ? 1 : 0);
  const values = {
    ...settings,
    nextSendAt,
    unsubscribeGeneration: generation,
    unsubscribedAt: settings.email ? null : (before?.unsubscribedAt ?? null),
  };
  await db
    .insert(reminderSchedules)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: reminderSchedules.userId,
      set: { ...values, updatedAt: now },
    });
}

/**
 * A device's subscription, for this user (a device that changes hands moves with its user). A
 * reminder the device had without an account ends here: from now on the account's reminder is
 * the one it receives (the app carries the device's day and hour over first, if the account had
 * none), so it is never reminded twice.
 */
export async function addSubscription(
  db: Db,
  userId: string,
  subscription: PushSubscriptionInput,
): Promise<void> {
  const values = {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    await removeDeviceReminder(tx, subscription.endpoint);
  });
}

export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A subscription the push service says is gone (404/410): never tried again. */
export async function forgetSubscription(db: Db, endpoint: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    await removeDeviceReminder(tx, endpoint);
  });
}

export async function subscriptionsOf(db: Db, userId: string) {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/**
 * Claims the reminders due at `now` (at most `limit`) and moves each to its next week, in one
 * transaction. `FOR UPDATE SKIP LOCKED`: another instance claiming at the same moment skips the
 * rows this one holds, and once this one commits they are no longer due, so every reminder is
 * claimed by exactly one instance. Claimed before it is sent: a crash between the two loses that
 * week's reminder rather than ever sending it twice.
 */
export async function claimDueReminders(
  db: Db,
  now: Date,
  limit: number,
): Promise<ReminderScheduleRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(reminderSchedules)
      .where(
        and(
          lte(reminderSchedules.nextSendAt, now),
          or(eq(reminderSchedules.push, true), eq(reminderSchedules.email, true)),
        ),
      )
      .orderBy(asc(reminderSchedules.nextSendAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of due) {
      await tx
        .update(reminderSchedules)
        .set({ nextSendAt: new Date(nextReminderAt(row, now.getTime())) })
        .where(eq(reminderSchedules.userId, row.userId));
    }
    return due;
  });
}

/** Turns the reminder e-mails off (an unsubscribe link); false when they were off already. */
export async function stopReminderMails(db: Db, userId: string, now: Date): Promise<boolean> {
  const stopped = await db
    .update(reminderSchedules)
    .set({ email: false, unsubscribedAt: now, updatedAt: now })
    .where(and(eq(reminderSchedules.userId, userId), eq(reminderSchedules.email, true)))
    .returning({ userId: reminderSchedules.userId });
  return stopped.length > 0;
}
