import { z } from 'zod/mini';
import { SUPPORTED_LANGUAGES } from '../languages.ts';

/**
 * `PUT /api/v1/reminders`: when the weekly review reminder comes (an ISO weekday and an hour in
 * the user's time zone) and how (Web Push to this account's devices, e-mail, both or neither).
 */
export const ReminderSettingsSchema = z.object({
  weekday: z.int().check(z.minimum(1), z.maximum(7)),
  hour: z.int().check(z.minimum(0), z.maximum(23)),
  timeZone: z.string().check(z.minLength(1), z.maxLength(64)),
  push: z.boolean(),
  email: z.boolean(),
});

export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;

/** `GET /api/v1/reminders`: the settings, and how many devices receive push reminders. */
export const ReminderStateSchema = z.extend(ReminderSettingsSchema, {
  pushDevices: z.int().check(z.minimum(0)),
});

export type ReminderState = z.infer<typeof ReminderStateSchema>;

/** Monday morning at nine in Prague, both ways off: what a user has before choosing. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  weekday: 1,
  hour: 9,
  timeZone: 'Europe/Prague',
  push: false,
  email: false,
};

const base64url = (max: number) =>
  z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+=*$/));

/**
 * `POST /api/v1/push-subscriptions`: a browser's subscription as `PushSubscription.toJSON()`
 * gives it. Push services are reached over https only.
 */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).check(z.maxLength(2000)),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});

export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** `DELETE /api/v1/push-subscriptions`: this device stops receiving reminders. */
export const PushEndpointSchema = z.object({
  endpoint: z.string().check(z.maxLength(2000)),
});

/** `POST /api/v1/reminders/unsubscribe`: the token of an e-mail's link; no sign-in needed. */
export const UnsubscribeSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
});

/** What using an unsubscribe link did: stopped the e-mails, or found them stopped already. */
export const UnsubscribeResultSchema = z.object({
  result: z.enum(['unsubscribed', 'already']),
});

/**
 * `PUT /api/v1/device-reminders`: a device used without an account asks for the weekly review
 * reminder by push. Its subscription is the key: only the browser that holds it (and its push
 * service) knows the endpoint, so knowing it is what entitles a caller to change or stop it.
 */
export const DeviceReminderSchema = z.object({
  subscription: PushSubscriptionSchema,
  weekday: ReminderSettingsSchema.shape.weekday,
  hour: ReminderSettingsSchema.shape.hour,
  timeZone: ReminderSettingsSchema.shape.timeZone,
  /** The language the reminder is written in: the app's, kept up to date by the device. */
  language: z.enum(SUPPORTED_LANGUAGES),
});

export type DeviceReminder = z.infer<typeof DeviceReminderSchema>;
