import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

test('visitor sees the Czech home page and both buttons lead on', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  await expect(page.getByRole('heading', { level: 1, name: 'Vítej u Parťáka' })).toBeVisible();
  await expect(page.getByText('Tvůj AI přítel, mentor a kouč pro podnikání.')).toBeVisible();
  await expect(page).toHaveTitle('Parťák');

  await page.getByRole('link', { name: 'Začít chatovat' }).click();
  await expect(page).toHaveURL('/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat s Parťákem' })).toBeVisible();

  await page.goBack();
  await page.getByRole('link', { name: 'Prozkoumat témata' }).click();
  await expect(page).toHaveURL('/topics');
  await expect(page.getByRole('heading', { level: 1, name: 'Témata' })).toBeVisible();
});

test('bubbles float on home only, and stand still for reduced motion', async ({ page }) => {
  await page.goto('/');
  const bubble = page.getByTestId('home-bubbles').locator('span').first();
  await expect(bubble).toBeAttached();
  expect(await bubble.evaluate((el) => getComputedStyle(el).animationName)).toBe('float');

  await page.getByRole('link', { name: 'Témata', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Témata' })).toBeVisible();
  await expect(page.getByTestId('home-bubbles')).toHaveCount(0);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  expect(await bubble.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
});

test('home has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
