import { Workbox } from 'workbox-window';
import { DICTIONARY_NAMESPACES } from '@partak/domain/dictionaries';
import { isLanguage } from '@partak/domain/languages';
import { dictionaryUrl } from '@/i18n/dictionary-urls.ts';
import { i18n } from '@/i18n/i18n.ts';
import { prefetchContent } from '../content-loader.ts';
import { localSettings } from '../data/local-settings.ts';
import { toast } from '../toast.ts';
import { refreshDeviceReminder } from './device-reminder.ts';

/*
 * The installable, offline app on the page's side: registers the service worker
 * (web/service-worker/sw.ts) once the page has loaded, offers a new version when one is ready,
 * and fetches in idle time what the user's language needs offline. Loaded lazily by main.tsx, so
 * none of it weighs on the first paint.
 */

/** How often an app left open (an installed one can stay open for days) looks for a new version. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

const pageLoaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else addEventListener('load', () => resolve(), { once: true });
  });

const idle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 5_000 });
    else setTimeout(resolve, 1_000);
  });

/** The service worker in charge of this page (the first one claims it once it is active). */
const controlled = () =>
  new Promise<void>((resolve) => {
    if (navigator.serviceWorker.controller) resolve();
    else
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
  });

const prefetched = new Set<string>();

/**
 * Stops the prefetch for good once the user takes a new version. Chromium hands the page to the
 * new service worker only when the old one has no request in hand, and the prefetch's ~50
 * requests in a row kept it busy (and restarted it after each stop): the change of worker could
 * wait for the whole library, and a reload in between went to a worker being stopped and hung.
 */
const prefetchStop = new AbortController();

/** Dictionaries, topics and the library of `language`, fetched through the service worker. */
async function prefetchLanguage(language: string): Promise<void> {
  if (!isLanguage(language) || prefetched.has(language)) return;
  prefetched.add(language);
  await idle();
  if (prefetchStop.signal.aborted) return;
  try {
    const found = await Promise.all(
      DICTIONARY_NAMESPACES.map((namespace) => dictionaryUrl(language, namespace)),
    );
    const urls = found.filter((url): url is string => url !== undefined);
    await Promise.all(urls.map((url) => fetch(url)));
    await prefetchContent(language, prefetchStop.signal);
  } catch {
    // Offline or the server went away part-way: tried again on the next visit.
    prefetched.delete(language);
  }
}

/**
 * "A new version is ready — Reload": shown when a new service worker waits, and kept until the
 * user acts. Nothing reloads on its own: the page reloads only in the tab where the user asked
 * (another tab that finds itself under the new version is offered the same choice).
 */
function offerNewVersions(workbox: Workbox): void {
  const t = i18n.getFixedT(null, 'common');
  let asked = false;
  const offer = () =>
    toast.lasting(t('update.ready'), {
      label: t('update.reload'),
      onClick() {
        asked = true;
        void takeNewVersion();
      },
    });
  workbox.addEventListener('waiting', offer);
  // A worker taking charge of a page nobody controlled yet (the first visit) is no new version.
  // Workbox's own `isUpdate` cannot tell: it says whether a worker controlled the page when the
  // app registered, so on a first visit every later update would look like a first install.
  let hadController = navigator.serviceWorker.controller !== null;
  workbox.addEventListener('controlling', () => {
    if (!hadController) {
      hadController = true;
      return;
    }
    // Another tab took the new version: this one is offered it too (the asking tab reloads itself).
    if (!asked) offer();
  });
}

/**
 * The user chose the new version: the waiting worker is told to take over, and this page reloads
 * once it has. Asked of the registration itself, not of what Workbox saw: an update Workbox took
 * for another tab's still waits here. With no worker waiting (another tab already took it), the
 * page under the new worker just reloads.
 */
async function takeNewVersion(): Promise<void> {
  prefetchStop.abort();
  const next = (await navigator.serviceWorker.getRegistration())?.waiting;
  if (!next) {
    window.location.reload();
    return;
  }
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  next.postMessage({ type: 'SKIP_WAITING' });
  // Should the change of worker not be announced, the page reloads anyway: under the new worker
  // if it took over, else under the old one, which offers the new version again. Not sooner: a
  // reload while the old worker is being stopped for the new one can hang in Chromium.
  setTimeout(reload, TAKE_OVER_WAIT_MS);
}

/** How long a page waits for the new worker to take over before it reloads regardless. */
const TAKE_OVER_WAIT_MS = 10_000;

export async function startOfflineApp(): Promise<void> {
  await pageLoaded();
  await idle();
  const workbox = new Workbox('/sw.js');
  offerNewVersions(workbox);
  try {
    await workbox.register();
  } catch {
    // The browser refuses service workers (a private window, a policy): the app works online.
    return;
  }
  setInterval(() => void workbox.update(), UPDATE_CHECK_MS);
  await controlled();
  void prefetchLanguage(i18n.language);
  i18n.on('languageChanged', (language) => void prefetchLanguage(language));
  followDeviceReminder();
}

/**
 * A signed-out device's reminder follows the app: its language and the notifications switch
 * (device-reminder.ts). Told again at every start too, in case the last change found no network.
 */
function followDeviceReminder(): void {
  const refresh = () => void refreshDeviceReminder().catch(() => undefined);
  refresh();
  localSettings.subscribe(refresh);
}
