import { expect, test } from './fixtures.ts';

test('library: categories with counts, a category, an article and the way back', async ({
  page,
}) => {
  await page.goto('/library');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(5);
  for (const card of await cards.all()) await expect(card).toContainText('5 článků');

  await page.getByRole('link', { name: /Digitální marketing/ }).click();
  await expect(page).toHaveURL('/library/marketing');
  await expect(page.getByRole('heading', { level: 1, name: 'Digitální marketing' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(5);

  await page.getByRole('link', { name: /Meta/ }).first().click();
  await expect(page).toHaveURL('/library/marketing/meta-ads');
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toContainText('Meta');
  expect(await article.locator('div[lang="cs"] > p').count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByText('Tento článek je k dispozici jen v češtině.')).toHaveCount(0);

  await page.getByRole('link', { name: /Zpět do kategorie/ }).click();
  await expect(page).toHaveURL('/library/marketing');
  await page.getByRole('link', { name: 'Zpět do knihovny' }).click();
  await expect(page).toHaveURL('/library');
});

test('an article is found by its id alone', async ({ page }) => {
  await page.goto('/library/meditace/google-ads');
  await expect(page.getByRole('heading', { level: 1, name: /Google Ads/ })).toBeVisible();
  await page.getByRole('link', { name: /Zpět do kategorie/ }).click();
  await expect(page).toHaveURL('/library/marketing');
});

test('unknown categories and articles say so', async ({ page }) => {
  await page.goto('/library/neexistuje');
  await expect(page.getByText('Kategorie nenalezena').first()).toBeVisible();
  await page.goto('/library/marketing/neexistuje');
  await expect(page.getByText('Článek nenalezen').first()).toBeVisible();
  await page.getByRole('link', { name: 'Zpět do knihovny' }).click();
  await expect(page).toHaveURL('/library');
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the library speaks German and says articles are Czech', async ({ page }) => {
    await page.goto('/library');
    await expect(page.getByText('5 Artikel').first()).toBeVisible();
    await page.goto('/library/prodej/eticky-vliv');
    await expect(page.getByText('Diesen Artikel gibt es nur auf Tschechisch.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Etický vliv');
    await page.goto('/library/nope');
    await expect(page.getByText('Kategorie nicht gefunden').first()).toBeVisible();
    await page.goto('/library/prodej/nope');
    await expect(page.getByText('Artikel nicht gefunden').first()).toBeVisible();
  });
});
