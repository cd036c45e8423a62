import { ClientConfigSchema } from '@partak/domain/api/config';
import { apiFetch, apiJson } from '../api-client.ts';

/** Why this device cannot receive push reminders, or undefined when it can. */
export type PushUnavailable = 'unsupported' | 'denied';

export function pushUnavailable(): PushUnavailable | undefined {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return undefined;
}

/** This device's push subscription at the service worker, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushUnavailable() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for permission (the browser's own prompt, once), subscribes this device with the server's
 * VAPID key and gives the subscription to the server. Resolves with why not when it cannot.
 */
export async function subscribeThisDevice(): Promise<PushUnavailable | undefined> {
  const unavailable = pushUnavailable();
  if (unavailable) return unavailable;
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const { vapidPublicKey } = await apiJson('/config', ClientConfigSchema);
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidPublicKey,
    }));
  await apiFetch('/push-subscriptions', { method: 'POST', body: subscription.toJSON() });
  return undefined;
}

/** This device stops receiving reminders: at the server, then at the push service. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiFetch('/push-subscriptions', {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
  });
  await subscription.unsubscribe();
}
