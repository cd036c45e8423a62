import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const card = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .last();

test('a new visitor sees zeros and an encouraging start, never invented numbers', async ({
  page,
}) => {
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistiky' })).toBeVisible();
  await expect(card(page, 'Konverzace s Parťákem')).toContainText('0');
  await expect(card(page, 'Konverzace s Parťákem')).toContainText('+0 tento týden');
  await expect(card(page, 'Prozkoumaná témata')).toContainText('+0 tento týden');
  await expect(card(page, 'Splněné cíle')).toContainText('+0 tento měsíc');
  await expect(card(page, 'Aktivní dny za 30 dní')).toContainText('0 %');
  await expect(page.getByText(/Zatím tu nic není/)).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Každá cesta začíná prvním krokem' }),
  ).toBeVisible();
});

test('what the user does shows up in the figures and the recent activity', async ({ page }) => {
  await page.goto('/topic/focus');
  await expect(page.getByRole('heading', { level: 1, name: 'Soustředění' })).toBeVisible();
  await page.goto('/topic/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Prodej' })).toBeVisible();
  await page.goto('/library/marketing/google-ads');
  await expect(page.getByRole('heading', { level: 1, name: /Google Ads/ })).toBeVisible();

  await page.goto('/analytics');
  await expect(card(page, 'Prozkoumaná témata')).toContainText('2');
  await expect(card(page, 'Prozkoumaná témata')).toContainText('+2 tento týden');
  await expect(card(page, 'Aktivní dny za 30 dní')).toContainText('3 %');
  const recent = page.getByRole('region', { name: 'Nedávná aktivita' }).getByRole('listitem');
  await expect(recent).toHaveCount(3);
  await expect(recent.first()).toContainText(/Článek: Google Ads/);
  await expect(recent.nth(1)).toContainText('Téma: Prodej');
  await expect(recent.first()).toContainText(/před|nyní/);
  await expect(page.getByRole('heading', { name: 'Jsi na dobré cestě' })).toBeVisible();
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });
  test('the statistics speak Spanish', async ({ page }) => {
    await page.goto('/analytics');
    await expect(page.getByText('Conversaciones con Parťák')).toBeVisible();
  });
});
