import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

test('an unknown path shows the 404 page with HTTP 404 and logs the path', async ({
  page,
  expectConsole,
}) => {
  expectConsole(/404/);
  const logged = page.waitForEvent(
    'console',
    (m) => m.type() === 'error' && m.text().includes('/tohle-neexistuje'),
  );
  const response = await page.goto('/tohle-neexistuje');
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Jejda! Stránka nenalezena' }),
  ).toBeVisible();
  expect((await logged).text()).toContain('/tohle-neexistuje');

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.getByRole('link', { name: 'Zpět na úvod', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Vítej u Parťáka' })).toBeVisible();
});

test('the 404 page speaks the visitor’s language', async ({
  page,
  expectConsole,
  storeLanguage,
}) => {
  expectConsole(/404/);
  await storeLanguage('en');
  await page.goto('/nope');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
});
