/**
 * Parťák's service worker (built by vite-plugin-pwa's injectManifest into /sw.js). It keeps the
 * app working with no connection:
 * - every script, stylesheet and icon of this build, and the app's shell (index.html), are cached
 *   when it installs (the precache, cleaned of older builds' files when a new one takes over);
 * - dictionaries and library articles (content-hashed, so never stale) are kept the first time
 *   they are fetched, and read from the cache from then on; the app asks for the user's language's
 *   ones in idle time (src/lib/offline/prefetch-for-offline.ts);
 * - pages come from the network while there is one (the server sends them prerendered, in the
 *   visitor's language); without one, the cached shell renders the page in the browser.
 * A new version waits until the user chooses to reload (the app shows the prompt), so nothing
 * reloads under someone in the middle of a conversation. It also shows the review reminders that
 * arrive by Web Push.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { parseReminderPayload } from '@partak/domain/reminder-payload';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

/** The shell every page is rendered from when the network is gone. */
const SHELL = '/index.html';

// Only the files themselves: `/` is the server's prerendered page while there is a network, not
// the shell (which the navigation route below falls back to).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// The first version takes charge of the page that installed it, so what that page fetches next
// (the prefetch for offline use) is kept; later versions wait for the user (below).
clientsClaim();

registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin &&
    (url.pathname.startsWith('/assets/locales/') || url.pathname.startsWith('/assets/library/')),
  new CacheFirst({
    cacheName: 'partak-content',
    // Older builds' files give way; the library of one language is ~50 files.
    plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache(SHELL)) ?? Response.error();
      }
    },
    // The APIs' addresses are never pages, even when opened in a tab.
    { denylist: [/^\/(?:api|auth)\//] },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('push', (event) => {
  const reminder = parseReminderPayload(event.data?.text());
  if (!reminder) return;
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: reminder.body,
      tag: reminder.tag,
      icon: '/pwa-192x192.png',
      badge: '/pwa-64x64.png',
      data: { url: reminder.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // A window already there is brought forward; one showing something else (a conversation,
      // perhaps) is left as it is, and the review opens beside it.
      const open = windows.find((client) => client.url === target);
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});
