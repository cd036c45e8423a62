import { expect, test } from './fixtures.ts';

const dictionary = (url: string) => /\/assets\/locales\/(\w+)\/(\w+)-[\w-]+\.json$/.exec(url);

test('home loads only its own code and Czech dictionaries; other screens load on demand', async ({
  page,
}) => {
  const dictionaries: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const match = dictionary(request.url());
    if (match) dictionaries.push(`${match[1]}/${match[2]}`);
    if (request.resourceType() === 'script') scripts.push(request.url());
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Vítej u Parťáka' })).toBeVisible();
  expect(dictionaries.sort()).toEqual(['cs/common', 'cs/home', 'cs/nav']);
  const homeScripts = scripts.length;

  await page.getByRole('link', { name: 'Cíle', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cíle' })).toBeVisible();
  expect(dictionaries).toContain('cs/goals');
  expect(scripts.length, 'the goals screen is a chunk of its own').toBeGreaterThan(homeScripts);
  expect(dictionaries.filter((d) => !d.startsWith('cs/'))).toEqual([]);
});

test('a dictionary that fails to load is retried until it arrives', async ({
  page,
  expectConsole,
}) => {
  expectConsole(/503/);
  let attempts = 0;
  await page.route(/\/assets\/locales\/cs\/home-[\w-]+\.json$/, async (route) => {
    attempts += 1;
    if (attempts <= 2) await route.fulfill({ status: 503, body: 'busy' });
    else await route.continue();
  });
  // With a query string the page is rendered in the browser, not sent prerendered (ADR 012), so
  // the heading appears only once the dictionary has arrived.
  await page.goto('/?from=test');
  await expect(page.getByRole('heading', { level: 1, name: 'Vítej u Parťáka' })).toBeVisible();
  expect(attempts).toBe(3);
});
