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

/** How long to wait for the service worker (it registers once the page is idle, offline-app.ts). */
const WORKER_WAIT_MS = 10_000;

/**
 * The active service worker's registration, or undefined when none comes within `ms`: in a
 * private window or under a policy the browser refuses workers, and `ready` then never settles.
 */
function workerWithin(ms: number): Promise<ServiceWorkerRegistration | undefined> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms)),
  ]);
}

/**
 * Asks for permission (the browser's own prompt, once) and subscribes this device with the
 * server's VAPID key. Resolves with the subscription, or with why there is none.
 */
export async function pushSubscription(): Promise<PushSubscription | PushUnavailable> {
  const unavailable = pushUnavailable();
  if (unavailable) return unavailable;
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await workerWithin(WORKER_WAIT_MS);
  if (!registration) return 'unsupported';
  const { vapidPublicKey } = await apiJson('/config', ClientConfigSchema);
  return (
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidPublicKey,
    }))
  );
}

/** Subscribes this device and gives the subscription to the signed-in user's account. */
export async function subscribeThisDevice(): Promise<PushUnavailable | undefined> {
  const subscription = await pushSubscription();
  if (typeof subscription === 'string') return subscription;
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
