import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import { languageOrDefault, type Language } from '@partak/domain/languages';
import { reminderPayloadText } from '@partak/domain/reminder-payload';
import { href, routes } from '@partak/domain/routes';
import type { Db } from '../db/client.ts';
import { userEmail } from '../auth/users/users-repository.ts';
import type { DeviceReminderRow } from './device-reminders-repository.ts';
import type { ReminderScheduleRow } from './reminders-repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail } from '../mail/templates.ts';
import { readSettings } from '../api/data/settings-repository.ts';
import { pushEndpointAllowed } from './push-endpoints.ts';
import { pushText } from './reminder-texts.ts';
import { forgetSubscription, subscriptionsOf } from './reminders-repository.ts';
import { unsubscribeToken } from './unsubscribe-links.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** What sending a reminder needs: the database, the mailer, the keys, where the app lives. */
export interface ReminderContext {
  db: Db;
  mailer: Mailer;
  vapid: VapidKeys;
  /** `mailto:` or https address push services may contact (vapid-keys.ts). */
  subject: string;
  siteUrl: string;
  unsubscribeSecret: Buffer;
  pushServiceHosts: readonly string[];
  /** The TLS agent for push services (tests trust their local service's certificate with it). */
  pushAgent?: Agent;
  log: { warn(details: object, message: string): void };
}

/** A reminder not read within half a day is no longer worth showing. */
const PUSH_TTL_SECONDS = 12 * 3600;

/** Sends one user's weekly review reminder: to each of their devices, and by e-mail if chosen. */
export async function sendReminder(context: ReminderContext, row: ReminderScheduleRow) {
  const { db, siteUrl } = context;
  const email = await userEmail(db, row.userId);
  if (email === undefined) return { pushed: 0, mailed: false };
  const settings = await readSettings(db, row.userId);
  // The app's notifications switch (Settings) silences every reminder without losing the schedule.
  if (!settings.notifications) return { pushed: 0, mailed: false };
  const language = languageOrDefault(settings.language ?? undefined);
  let pushed = 0;
  if (row.push) {
    const payload = reminderPayload(language);
    for (const subscription of await subscriptionsOf(db, row.userId)) {
      if (await pushTo(context, subscription, payload)) pushed += 1;
    }
  }
  let mailed = false;
  if (row.email && email) {
    const token = unsubscribeToken(
      context.unsubscribeSecret,
      row.userId,
      row.unsubscribeGeneration,
    );
    const unsubscribe = `${siteUrl}${routes.unsubscribeReminders}?token=${encodeURIComponent(token)}`;
    await context.mailer.send(
      renderMail('review_reminder', language, email, `${siteUrl}${href('review')}`, {
        unsubscribe,
      }),
    );
    mailed = true;
  }
  return { pushed, mailed };
}

/**
 * Sends the reminder of a device used without an account (push only, in the language the device
 * last told the server). The notifications switch lives in that browser: turned off, the app
 * removes the device's reminder from the server, so none is due here.
 */
export async function sendDeviceReminder(
  context: ReminderContext,
  row: DeviceReminderRow,
): Promise<boolean> {
  return pushTo(context, row, reminderPayload(languageOrDefault(row.language)));
}

const reminderPayload = (language: Language) =>
  reminderPayloadText({ ...pushText(language), tag: 'weekly-review', url: href('review') });

/**
 * Pushes `payload` to one subscription. `topic`: a push service keeps only the newest unseen
 * message of a topic, so each kind of reminder has its own and none replaces another.
 */
export async function pushTo(
  context: ReminderContext,
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  topic = 'weekly-review',
): Promise<boolean> {
  const { endpoint } = subscription;
  if (!pushEndpointAllowed(endpoint, context.pushServiceHosts)) {
    await forgetSubscription(context.db, endpoint);
    return false;
  }
  try {
    await webpush.sendNotification(
      { endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: { subject: context.subject, ...context.vapid },
        TTL: PUSH_TTL_SECONDS,
        topic,
        timeout: 10_000,
        ...(context.pushAgent ? { agent: context.pushAgent } : {}),
      },
    );
    return true;
  } catch (error) {
    // 404 and 410: the browser unsubscribed or the subscription expired; it never comes back.
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
      await forgetSubscription(context.db, endpoint);
      return false;
    }
    // The endpoint is the device's address at its push service: logged by host only.
    const host = new URL(endpoint).host;
    const status = error instanceof WebPushError ? error.statusCode : undefined;
    context.log.warn({ host, status }, 'reminders: a push was not accepted');
    return false;
  }
}
