import { eq, or } from 'drizzle-orm';
import type { BusinessProfile } from '@partak/domain/business-profile';
import type { Db } from '../db/client.ts';
import { businessProfiles, deadlineRemindersSent, reminderSchedules } from '../db/schema/index.ts';

/** A user who wants reminders and has a business profile: whom deadline reminders may go to. */
export interface DeadlineReminderUser {
  userId: string;
  hour: number;
  timeZone: string;
  push: boolean;
  email: boolean;
  unsubscribeGeneration: number;
  profile: BusinessProfile;
}

/** Everyone with reminders on (push or e-mail) and a business profile. */
export async function deadlineReminderUsers(db: Db): Promise<DeadlineReminderUser[]> {
  return db
    .select({
      userId: reminderSchedules.userId,
      hour: reminderSchedules.hour,
      timeZone: reminderSchedules.timeZone,
      push: reminderSchedules.push,
      email: reminderSchedules.email,
      unsubscribeGeneration: reminderSchedules.unsubscribeGeneration,
      profile: businessProfiles.profile,
    })
    .from(reminderSchedules)
    .innerJoin(businessProfiles, eq(businessProfiles.userId, reminderSchedules.userId))
    .where(or(eq(reminderSchedules.push, true), eq(reminderSchedules.email, true)));
}

/**
 * Claims the reminder of one deadline for one user: true only for the one caller whose insert
 * made the row. Claimed before it is sent, like the weekly reminder: a crash in between loses
 * that reminder rather than ever sending it twice.
 */
export async function claimDeadlineReminder(
  db: Db,
  userId: string,
  deadlineId: string,
): Promise<boolean> {
  const made = await db
    .insert(deadlineRemindersSent)
    .values({ userId, deadlineId })
    .onConflictDoNothing()
    .returning({ deadlineId: deadlineRemindersSent.deadlineId });
  return made.length > 0;
}
