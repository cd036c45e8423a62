import type { Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

const ROUTES = [
  '/',
  '/topics',
  '/topics?tab=library',
  '/topic/sales',
  '/chat',
  '/library',
  '/library/marketing',
  '/library/marketing/meta-ads',
  '/goals',
  '/history',
  '/analytics',
  '/settings',
  '/subscription',
  '/profil',
  '/nastaveni-oznameni',
];

for (const locale of ['cs-CZ', 'en-US', 'de-DE', 'es-ES']) {
  test.describe(locale, () => {
    test.use({ locale });

    test('no serious or critical accessibility violations on any screen', async ({ page }) => {
      test.slow();
      for (const route of ROUTES) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${route}: ${violation.id} (${violation.nodes.length})`);
        expect(serious).toEqual([]);
      }
    });
  });
}

test.describe('signing in', () => {
  const serious = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.nodes.length})`);

  test('the sign-in dialog, in both modes, has no serious violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Otevřít menu' }).click();
    await page.getByRole('button', { name: 'Přihlásit se / Zaregistrovat se' }).click();
    const dialog = page.getByRole('dialog', { name: 'Přihlášení' });
    await expect(dialog.getByLabel('Heslo', { exact: true })).toBeVisible();
    expect(await serious(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Nemáš účet? Zaregistruj se' }).click();
    await expect(page.getByRole('dialog', { name: 'Registrace' })).toBeVisible();
    expect(await serious(page)).toEqual([]);
  });

  test('signed in, the account menu and the profile have no serious violations', async ({
    page,
    seedSignedIn,
  }) => {
    await seedSignedIn('jana@example.cz');
    // The seeded token is not a real one: the security section's factor list (GET /user) is
    // answered here, for an account without second factors.
    await page.route('**/auth/v1/user', (route) =>
      route.fulfill({
        json: { id: '5b0f2c4e-7a1d-4c55-9a0e-2f1b8d6c3e90', email: 'jana@example.cz' },
      }),
    );
    await page.goto('/profil');
    await expect(page.getByRole('region', { name: 'Údaje o účtu' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Zabezpečení' })).toContainText(
      'Druhé ověření je vypnuté',
    );
    expect(await serious(page)).toEqual([]);
    await page.getByRole('button', { name: 'Otevřít menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByText('jana@example.cz').click();
    await expect(page.getByRole('link', { name: 'Můj profil' })).toBeVisible();
    expect(await serious(page)).toEqual([]);
  });
});
