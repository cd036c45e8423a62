import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ownerId, timestamps, uuidPrimaryKey } from './columns.ts';

/**
 * When a user wants the weekly review reminder (ADR 015), and how: one row per user. The
 * scheduler claims rows whose `next_send_at` has passed (FOR UPDATE SKIP LOCKED, so each is sent
 * by one instance) and moves it to the next week before sending.
 */
export const reminderSchedules = pgTable(
  'reminder_schedules',
  {
    userId: ownerId().primaryKey(),
    /** ISO weekday, 1 = Monday … 7 = Sunday. */
    weekday: integer('weekday').notNull(),
    hour: integer('hour').notNull(),
    timeZone: text('time_zone').notNull(),
    push: boolean('push').notNull().default(false),
    email: boolean('email').notNull().default(false),
    /** When the next reminder is due; null while neither way is on. */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    /**
     * Which unsubscribe links are valid: a link is an HMAC of the user and this number (signed
     * with the installation's secret, so nothing about it is stored), and choosing e-mail again
     * raises it, so the links of earlier mails stop working.
     */
    unsubscribeGeneration: integer('unsubscribe_generation').notNull().default(0),
    /** When the link was used; a second use says it is done already. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('reminder_schedules_due_idx').on(table.nextSendAt)],
);

/** A browser's Web Push subscription (per user and device), removed when the service says gone. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

/**
 * The weekly review reminder of a device used without an account: push only, keyed by its
 * subscription's endpoint (the capability only that browser holds). Handed to the account, and
 * removed here, when the device's subscription joins one (reminders-repository.ts), and removed
 * when the push service says the subscription is gone.
 */
export const deviceReminders = pgTable(
  'device_reminders',
  {
    endpoint: text('endpoint').primaryKey(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** ISO weekday, 1 = Monday … 7 = Sunday. */
    weekday: integer('weekday').notNull(),
    hour: integer('hour').notNull(),
    timeZone: text('time_zone').notNull(),
    language: text('language').notNull(),
    nextSendAt: timestamp('next_send_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('device_reminders_due_idx').on(table.nextSendAt)],
);

export type ReminderScheduleRow = typeof reminderSchedules.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type DeviceReminderRow = typeof deviceReminders.$inferSelect;

/**
 * The deadline reminders already sent (a deadline's stable id, e.g. `health-advance-2026-12`, per
 * user): a row is made before the reminder goes, and only by the instance whose insert made it,
 * so each deadline is announced once however many instances look and however often.
 */
export const deadlineRemindersSent = pgTable(
  'deadline_reminders_sent',
  {
    userId: ownerId(),
    deadlineId: text('deadline_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deadlineId] })],
);
