import { z } from 'zod/mini';
import {
  ReminderSettingsSchema,
  ReminderStateSchema,
  type ReminderSettings,
} from '@partak/domain/api/reminders';
import { languageOrDefault } from '@partak/domain/languages';
import { storageKeys } from '@partak/domain/product';
import { i18n } from '@/i18n/i18n.ts';
import { apiFetch, apiJson } from '../api-client.ts';
import { getAuthState } from '../auth-state.ts';
import { localSettings } from '../data/local-settings.ts';
import { readJson, removeKey, writeJson } from '../storage.ts';
import {
  currentSubscription,
  pushSubscription,
  type PushUnavailable,
} from './push-subscription.ts';

/*
 * The weekly review reminder of a device used without an account: push only, the choice kept in
 * this browser and the schedule at the server under the device's push endpoint
 * (PUT/DELETE /api/v1/device-reminders). Signing in hands it to the account.
 */

/** When the reminder comes, in the browser's time zone when it was chosen. */
export type DeviceReminderChoice = Pick<ReminderSettings, 'weekday' | 'hour' | 'timeZone'>;

const StoredChoiceSchema = z.object({
  weekday: ReminderSettingsSchema.shape.weekday,
  hour: ReminderSettingsSchema.shape.hour,
  timeZone: ReminderSettingsSchema.shape.timeZone,
});

export function readDeviceReminder(): DeviceReminderChoice | undefined {
  const parsed = StoredChoiceSchema.safeParse(readJson(storageKeys.deviceReminder));
  return parsed.success ? parsed.data : undefined;
}

/** What the server keeps: the choice, the subscription, and the language the push speaks. */
async function send(choice: DeviceReminderChoice, subscription: PushSubscription): Promise<void> {
  const { notifications, language } = await localSettings.read();
  // The notifications switch off: the server forgets the reminder; this browser keeps the choice
  // and gives it back when the switch is turned on again.
  if (!notifications) {
    await apiFetch('/device-reminders', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    });
    return;
  }
  await apiFetch('/device-reminders', {
    method: 'PUT',
    body: {
      ...choice,
      subscription: subscription.toJSON(),
      language: languageOrDefault(language ?? i18n.language),
    },
  });
}

/**
 * Saves the device's choice (undefined: no reminder): subscribes the device (asking permission
 * the first time), keeps the choice here and tells the server. Resolves with why push cannot be
 * used, when it cannot; nothing is kept then.
 */
export async function saveDeviceReminder(
  choice: DeviceReminderChoice | undefined,
): Promise<PushUnavailable | undefined> {
  if (!choice) {
    const subscription = await currentSubscription();
    if (subscription) {
      await apiFetch('/device-reminders', {
        method: 'DELETE',
        body: { endpoint: subscription.endpoint },
      });
      await subscription.unsubscribe();
    }
    removeKey(storageKeys.deviceReminder);
    return undefined;
  }
  const subscription = await pushSubscription();
  if (typeof subscription === 'string') return subscription;
  await send(choice, subscription);
  writeJson(storageKeys.deviceReminder, choice);
  return undefined;
}

/**
 * Tells the server again after the language or the notifications switch changed (signed out,
 * with a reminder chosen). A subscription the browser dropped (permission taken back) ends the
 * reminder: there is nothing left to push to.
 */
export async function refreshDeviceReminder(): Promise<void> {
  const choice = readDeviceReminder();
  if (!choice || getAuthState().status === 'signedIn') return;
  const subscription = await currentSubscription();
  if (subscription) await send(choice, subscription);
  else removeKey(storageKeys.deviceReminder);
}

/**
 * Signing in on a device with a reminder of its own: the device joins the account's push devices
 * (the server then drops the device's own schedule, so it is reminded once). An account with no
 * reminder yet takes the device's day and hour; one with a reminder keeps its own and gains push.
 * `signal` ends the requests (signing out part-way leaves the device's reminder for next time).
 */
export async function handDeviceReminderToAccount(signal?: AbortSignal): Promise<void> {
  const choice = readDeviceReminder();
  if (!choice) return;
  const subscription = await currentSubscription();
  if (subscription) {
    const { weekday, hour, timeZone, push, email } = await apiJson(
      '/reminders',
      ReminderStateSchema,
      { signal },
    );
    if (!push) {
      const when = email ? { weekday, hour, timeZone } : choice;
      await apiFetch('/reminders', {
        method: 'PUT',
        body: { ...when, push: true, email },
        signal,
      });
    }
    await apiFetch('/push-subscriptions', {
      method: 'POST',
      body: subscription.toJSON(),
      signal,
    });
  }
  removeKey(storageKeys.deviceReminder);
}
