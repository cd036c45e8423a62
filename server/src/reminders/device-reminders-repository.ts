import { asc, eq, lte } from 'drizzle-orm';
import type { DeviceReminder } from '@partak/domain/api/reminders';
import { nextReminderAt } from '@partak/domain/reminder-schedule';
import type { Db } from '../db/client.ts';
import { deviceReminders, type DeviceReminderRow } from '../db/schema/index.ts';

export type { DeviceReminderRow };

/** A device's reminder without an account: made, or moved to another day, hour or language. */
export async function saveDeviceReminder(
  db: Db,
  reminder: DeviceReminder,
  now: Date,
): Promise<void> {
  const { subscription, ...schedule } = reminder;
  const values = {
    ...schedule,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    nextSendAt: new Date(nextReminderAt(schedule, now.getTime())),
  };
  await db
    .insert(deviceReminders)
    .values({ endpoint: subscription.endpoint, ...values })
    .onConflictDoUpdate({
      target: deviceReminders.endpoint,
      set: { ...values, updatedAt: now },
    });
}

export async function removeDeviceReminder(db: Db, endpoint: string): Promise<void> {
  await db.delete(deviceReminders).where(eq(deviceReminders.endpoint, endpoint));
}

/**
 * Claims the device reminders due at `now` and moves each a week on, in one transaction, the way
 * claimDueReminders does for accounts (FOR UPDATE SKIP LOCKED: one instance per reminder).
 */
export async function claimDueDeviceReminders(
  db: Db,
  now: Date,
  limit: number,
): Promise<DeviceReminderRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(deviceReminders)
      .where(lte(deviceReminders.nextSendAt, now))
      .orderBy(asc(deviceReminders.nextSendAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of due) {
      await tx
        .update(deviceReminders)
        .set({ nextSendAt: new Date(nextReminderAt(row, now.getTime())) })
        .where(eq(deviceReminders.endpoint, row.endpoint));
    }
    return due;
  });
}
