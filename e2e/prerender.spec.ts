import { expect, test } from './fixtures.ts';

/**
 * Pages arrive prerendered in the visitor's language (ADR 012): the text a visitor sees first is
 * in the HTML before any script runs, and the app then hydrates it without a mismatch (any
 * console error fails a test, see fixtures.ts).
 */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home, a topic and an article are readable in Czech', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Vítej u Parťáka' })).toBeVisible();
    await page.goto('/topic/sales');
    await expect(page.getByRole('heading', { level: 1, name: 'Prodej' })).toBeVisible();
    await page.goto('/library/podnikani/smer-podnikani');
    await expect(page.getByRole('heading', { level: 1, name: /^Směr podnikání/ })).toBeVisible();
    await expect(page).toHaveTitle(/^Směr podnikání.* · Parťák$/);
  });

  test.describe('with an English browser', () => {
    test.use({ locale: 'en-US' });

    test('pages come in English, and an unknown address is the 404 page', async ({
      page,
      expectConsole,
    }) => {
      expectConsole(/status of 404/);
      await page.goto('/chat');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1, name: 'Chat with Parťák' })).toBeVisible();
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: /Page not found/ })).toBeVisible();
    });
  });
});

test.describe('with a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('a language chosen in Settings is the language of the next page the server sends', async ({
    page,
  }) => {
    await page.goto('/settings');
    await page.getByText('Español').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The server's answer itself, before any script: Spanish, not the browser's German.
    const html = await (await page.request.get('/goals')).text();
    expect(html).toContain('<html lang="es">');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ajustes');
  });
});

test('a prerendered page becomes the live app: a returning visitor sees their own goals', async ({
  page,
  seedStorage,
}) => {
  const goal = {
    id: '3f2c1a4e-9b7d-4e21-8c55-1a2b3c4d5e6f',
    title: 'Spustit e-shop',
    progress: 50,
    milestones: 2,
    completedMilestones: 1,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
  };
  await seedStorage('partak_goals', JSON.stringify([goal]));
  await page.goto('/goals');
  await expect(page.getByRole('heading', { level: 2, name: 'Spustit e-shop' })).toBeVisible();
  await page.getByRole('button', { name: /Otevřít menu/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the page names only the boot script, which starts the app after the first paint', async ({
  page,
}) => {
  const html = await (await page.request.get('/topics')).text();
  expect(html).not.toContain('type="module"');
  const boot =
    /<script defer src="(\/assets\/boot-[\w-]+\.js)" data-main="(\/assets\/[\w-]+\.js)">/.exec(
      html,
    );
  expect(boot, 'a boot script naming the main module').not.toBeNull();
  await page.goto('/topics');
  await expect(page.locator('html')).toHaveAttribute('data-interactive', '');
  // The app took over: the main module was started, and the page's links navigate in place.
  await expect(page.locator(`script[type="module"][src="${boot?.[2]}"]`)).toBeAttached();
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const main = performance
      .getEntriesByType('resource')
      .find((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name));
    return { paint, mainRequested: main?.startTime ?? -1 };
  });
  expect(timing.paint).toBeGreaterThan(0);
  expect(timing.mainRequested).toBeGreaterThanOrEqual(timing.paint);
});

test('the dictionaries a page preloads are the ones the app reads: each is downloaded once', async ({
  page,
}) => {
  const html = await (await page.request.get('/settings')).text();
  const preloaded = [
    ...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)"/g),
  ].map((match) => match[1]);
  expect(preloaded.length, 'dictionaries preloaded').toBeGreaterThan(1);
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/locales/')) requested.push(pathname);
  });
  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('data-interactive', '');
  await expect(page.getByRole('radio', { name: 'Čeština' })).toBeChecked();
  // A preload the app's fetch() cannot use (another URL or CORS mode) would be a second download.
  for (const url of preloaded) {
    expect(
      requested.filter((path) => path === url),
      url,
    ).toHaveLength(1);
  }
});
