import { expect, test } from './fixtures.ts';

test.describe('with a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('the browser language is used when nothing is stored', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Willkommen bei Parťák' }),
    ).toBeVisible();
  });

  test('a stored choice beats the browser language', async ({ page, storeLanguage }) => {
    await storeLanguage('en');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Parťák' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start chatting' })).toBeVisible();
  });

  test('an injection-looking stored value is ignored', async ({ page, storeLanguage }) => {
    await storeLanguage('<img src=x onerror=alert(1)>');
    page.on('dialog', () => {
      throw new Error('a planted language value ran as script');
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Willkommen bei Parťák' }),
    ).toBeVisible();
  });
});

test.describe('with a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('an unsupported browser language falls back to Czech', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
    await expect(page.getByRole('heading', { level: 1, name: 'Vítej u Parťáka' })).toBeVisible();
  });
});

test.describe('with a Spanish browser', () => {
  test.use({ locale: 'es-ES' });

  test('Spanish is detected from the browser', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Te damos la bienvenida a Parťák' }),
    ).toBeVisible();
  });
});
