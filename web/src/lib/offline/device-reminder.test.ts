import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@partak/domain/product';
import type { ReminderState } from '@partak/domain/api/reminders';
import { setAuthState } from '../auth-state.ts';
import {
  handDeviceReminderToAccount,
  readDeviceReminder,
  refreshDeviceReminder,
  saveDeviceReminder,
} from './device-reminder.ts';

/*
 * The browser's push platform (service worker registration, PushManager, Notification) is stood
 * in for at its own interface, and the network at fetch: what is checked is what this module
 * asks the server for, and what it keeps in the browser.
 */

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const FRIDAY_FIVE = { weekday: 5, hour: 17, timeZone: 'Europe/Prague' };

class FakeSubscription {
  endpoint = ENDPOINT;
  gone = false;
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BPk', auth: 'q8' } };
  }
  async unsubscribe() {
    this.gone = true;
    return true;
  }
}

let subscription: FakeSubscription | null;
let permission: NotificationPermission;
let account: ReminderState;
const requests: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  subscription = null;
  permission = 'granted';
  account = {
    weekday: 1,
    hour: 9,
    timeZone: 'Europe/Prague',
    push: false,
    email: false,
    pushDevices: 0,
  };
  localStorage.clear();
  setAuthState({ status: 'signedOut', user: null });
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: async () => (subscription = new FakeSubscription()),
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve({ pushManager }),
      getRegistration: async () => ({ pushManager }),
    },
  });
  // Only its presence is looked at (pushUnavailable).
  vi.stubGlobal('PushManager', Object);
  vi.stubGlobal('Notification', {
    get permission() {
      return permission === 'granted' ? 'granted' : 'default';
    },
    requestPermission: async () => permission,
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = url.replace('/api/v1', '');
    const method = init.method ?? 'GET';
    requests.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (path === '/config')
      return json({ authUrl: '/auth/v1', anonKey: 'k', vapidPublicKey: 'BKey' });
    if (path === '/reminders' && method === 'GET') return json(account);
    return new Response(null, { status: 204 });
  });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  requests.length = 0;
});

describe("a signed-out device's reminder", () => {
  it('subscribes the device, tells the server in the app language and keeps the choice', async () => {
    localStorage.setItem(storageKeys.language, 'de');
    expect(await saveDeviceReminder(FRIDAY_FIVE)).toBeUndefined();
    expect(requests.at(-1)).toEqual({
      method: 'PUT',
      path: '/device-reminders',
      body: { ...FRIDAY_FIVE, language: 'de', subscription: new FakeSubscription().toJSON() },
    });
    expect(readDeviceReminder()).toEqual(FRIDAY_FIVE);
  });

  it('keeps nothing when the browser refuses notifications', async () => {
    permission = 'denied';
    expect(await saveDeviceReminder(FRIDAY_FIVE)).toBe('denied');
    expect(requests).toEqual([]);
    expect(readDeviceReminder()).toBeUndefined();
  });

  it('follows the notifications switch: removed at the server while off, the choice kept', async () => {
    await saveDeviceReminder(FRIDAY_FIVE);
    localStorage.setItem(storageKeys.notifications, 'off');
    await refreshDeviceReminder();
    expect(requests.at(-1)).toEqual({
      method: 'DELETE',
      path: '/device-reminders',
      body: { endpoint: ENDPOINT },
    });
    expect(readDeviceReminder()).toEqual(FRIDAY_FIVE);
    localStorage.setItem(storageKeys.notifications, 'on');
    await refreshDeviceReminder();
    expect(requests.at(-1)).toMatchObject({ method: 'PUT', path: '/device-reminders' });
  });

  it('ends when the browser dropped the subscription, and when turned off', async () => {
    await saveDeviceReminder(FRIDAY_FIVE);
    await saveDeviceReminder(undefined);
    expect(requests.at(-1)).toEqual({
      method: 'DELETE',
      path: '/device-reminders',
      body: { endpoint: ENDPOINT },
    });
    expect(subscription?.gone).toBe(true);
    expect(readDeviceReminder()).toBeUndefined();

    localStorage.setItem(storageKeys.deviceReminder, JSON.stringify(FRIDAY_FIVE));
    subscription = null;
    await refreshDeviceReminder();
    expect(readDeviceReminder()).toBeUndefined();
  });

  it('goes to an account without a reminder with its day and hour, push on', async () => {
    await saveDeviceReminder(FRIDAY_FIVE);
    requests.length = 0;
    await handDeviceReminderToAccount();
    expect(requests).toEqual([
      { method: 'GET', path: '/reminders', body: undefined },
      { method: 'PUT', path: '/reminders', body: { ...FRIDAY_FIVE, push: true, email: false } },
      { method: 'POST', path: '/push-subscriptions', body: new FakeSubscription().toJSON() },
    ]);
    expect(readDeviceReminder()).toBeUndefined();
  });

  it("joins an account's own reminder: its day and hour stay, push comes on", async () => {
    account = { ...account, weekday: 3, hour: 8, email: true };
    await saveDeviceReminder(FRIDAY_FIVE);
    requests.length = 0;
    await handDeviceReminderToAccount();
    expect(requests[1]).toEqual({
      method: 'PUT',
      path: '/reminders',
      body: { weekday: 3, hour: 8, timeZone: 'Europe/Prague', push: true, email: true },
    });
    expect(requests[2]).toMatchObject({ method: 'POST', path: '/push-subscriptions' });
  });
});
