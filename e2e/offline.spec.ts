import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DICTIONARY_NAMESPACES } from '@partak/domain/dictionaries';
import { createConfirmedAccount, PASSWORD, storedSession } from './accounts.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './mailbox.ts';
import { startOwnServer } from './own-server.ts';

test.use({ serviceWorkers: 'allow' });
// A first visit precaches the app (~1 MB) and, in idle time, the Czech library: on a busy machine
// that alone can take most of the default 30 s.
test.describe.configure({ timeout: 90_000 });

/** Every Czech article of the library: what the first visit must leave in the cache. */
const CZECH_ARTICLES = readdirSync(join(import.meta.dirname, '..', 'content/library/articles'), {
  recursive: true,
}).filter((file) => String(file).endsWith('.md')).length;

/** The library articles and dictionaries of one language the service worker holds. */
const cachedContent = (page: Page, language: string) =>
  page.evaluate(async (lang) => {
    const cache = await caches.open('partak-content');
    const urls = (await cache.keys()).map((request) => new URL(request.url).pathname);
    return {
      articles: urls.filter((url) => url.startsWith(`/assets/library/${lang}/`)).length,
      dictionaries: urls.filter((url) => url.startsWith(`/assets/locales/${lang}/`)).length,
    };
  }, language);

async function firstVisit(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // In idle time the app fetches the rest of the library and every dictionary of its language.
  await expect
    .poll(() => cachedContent(page, 'cs'), { timeout: 30_000 })
    .toEqual({ articles: CZECH_ARTICLES, dictionaries: DICTIONARY_NAMESPACES.length });
}

test('Chromium finds the app installable: manifest, icons and a service worker', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  const parsed = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>;
  expect(parsed).toMatchObject({
    name: 'Parťák',
    lang: 'cs',
    display: 'standalone',
    start_url: '/',
  });
  expect(parsed.icons).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      expect.objectContaining({ sizes: '192x192' }),
    ]),
  );
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's browser contexts are off the record, where Chromium never installs an app: that
  // is the one thing allowed to stand in the way.
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
});

test('after a first visit, home, a topic, an article and goals open with no connection', async ({
  page,
  context,
}) => {
  await firstVisit(page);
  await context.setOffline(true);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hlavní navigace' })).toBeVisible();

  await page.goto('/topic/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Prodej' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Na co se můžeš zeptat' }).getByRole('button'),
  ).toHaveCount(4);

  // Never opened on the first visit: prefetched for offline use.
  await page.goto('/library/marketing/google-ads');
  await expect(page.getByRole('heading', { level: 1, name: /Google Ads/ })).toBeVisible();
  await expect(page.getByRole('article').getByRole('paragraph').first()).not.toBeEmpty();

  await page.goto('/goals');
  await expect(page.getByRole('article', { name: 'Získat 10 prvních klientů' })).toContainText(
    '4 z 10 kroků dokončeno',
  );
});

test('offline, the chat answers with the fixed message, labelled as such', async ({
  page,
  context,
  expectConsole,
}) => {
  expectConsole(/Failed to load resource|ERR_INTERNET_DISCONNECTED/);
  await firstVisit(page);
  await context.setOffline(true);
  await page.goto('/chat');
  const box = page.getByRole('textbox', { name: 'Tvoje zpráva' });
  await box.fill('Jak mám nacenit svoje služby?');
  await box.press('Enter');
  const reply = page.getByRole('log', { name: 'Konverzace' }).locator(':scope > ol > li').nth(1);
  await expect(reply).toContainText(
    /nemůžu spojit se serverem.*odpovím na ni, jakmile bude spojení zpátky/,
  );
  await expect(reply).toContainText('Bez připojení');
});

test("signed in, the account's goals read from this browser's copy with no connection", async ({
  page,
  context,
  request,
  seedStorage,
  expectConsole,
}) => {
  // Offline, the auth client cannot check the session at start: it says so, and keeps it.
  expectConsole(/ERR_INTERNET_DISCONNECTED|The auth client could not start/);
  const email = uniqueEmail('offline-account');
  await createConfirmedAccount(request, email);
  await seedStorage('partak_auth', await storedSession(request, email, PASSWORD));
  await firstVisit(page);
  await page.goto('/goals');
  await page.getByRole('button', { name: 'Přidat cíl' }).click();
  await page.getByRole('textbox', { name: 'Název cíle' }).fill('Najít účetní');
  await page.getByRole('textbox', { name: 'Název cíle' }).press('Enter');
  await expect(page.getByRole('article', { name: 'Najít účetní' })).toBeVisible();
  await expect(page.getByText('Čeká na synchronizaci')).toBeHidden();

  await context.setOffline(true);
  await page.goto('/goals');
  await expect(page.getByRole('article', { name: 'Najít účetní' })).toContainText(
    '0 z 5 kroků dokončeno',
  );
});

test('a new version is offered and never forced: the page reloads only when the user asks', async ({
  page,
}) => {
  // A server of its own over a copy of the build, so the test can put a new version in place.
  const root = mkdtempSync(join(tmpdir(), 'partak-web-'));
  cpSync(join(import.meta.dirname, '..', 'web/dist'), root, { recursive: true });
  const server = await startOwnServer({ WEB_ROOT: root });
  try {
    await page.goto(`${server.url}/chat`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const box = page.getByRole('textbox', { name: 'Tvoje zpráva' });
    await box.fill('Rozepsaná otázka, která se nesmí ztratit');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // The next deployment: a service worker that differs by a byte. The browser notices on its
    // next check (hourly in the app; asked for here).
    const worker = join(root, 'sw.js');
    writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// next version\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const offer = page.getByText('Je připravená nová verze Parťáka.');
    await expect(offer).toBeVisible();
    // Nothing reloads on its own: the new worker waits for the user, and the draft and this very
    // document are still here.
    const waitingWorker = () =>
      page.evaluate(async () =>
        Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
      );
    expect(await waitingWorker()).toBe(true);
    await expect(box).toHaveValue('Rozepsaná otázka, která se nesmí ztratit');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    await page.getByRole('button', { name: 'Načíst znovu' }).click();
    await page.waitForFunction(() => !('sameDocument' in window));
    await expect(box).toBeVisible();
    // The new worker took over: none is left waiting, and no offer is made again.
    expect(await waitingWorker()).toBe(false);
    await expect(offer).toBeHidden();
  } finally {
    // The reloaded page goes on fetching the library in idle time: it leaves before its server.
    await page.goto('about:blank');
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
