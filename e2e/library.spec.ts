import { LIBRARY_CATEGORIES } from '@partak/domain/library';
import { expect, test } from './fixtures.ts';

/** The money category grows as articles are added; its count must follow the domain's list. */
const MONEY_ARTICLES = LIBRARY_CATEGORIES.find((c) => c.id === 'penize-dane-urady')?.articleIds
  .length;

test('library: categories with counts, a category, an article and the way back', async ({
  page,
}) => {
  await page.goto('/library');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(6);
  for (const card of await cards.all()) await expect(card).toContainText(/\d+ článků/);
  await expect(page.getByRole('link', { name: /Peníze, daně a úřady/ })).toContainText(
    `${MONEY_ARTICLES} článků`,
  );

  await page.getByRole('link', { name: /Digitální marketing/ }).click();
  await expect(page).toHaveURL('/library/marketing');
  await expect(page.getByRole('heading', { level: 1, name: 'Digitální marketing' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(5);

  await page.getByRole('link', { name: /Meta/ }).first().click();
  await expect(page).toHaveURL('/library/marketing/meta-ads');
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toContainText('Meta');
  expect(await article.locator('div[lang="cs"] > p').count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByRole('button', { name: 'Číst v češtině' })).toHaveCount(0);

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

test('an article on money and taxes says when its figures were checked', async ({ page }) => {
  await page.goto('/library/penize-dane-urady/dph');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('DPH');
  await expect(
    page.getByText(/Čísla a termíny jsme naposledy ověřili \d{1,2}\. \p{L}+ \d{4}/u),
  ).toBeVisible();
  await expect(page.getByRole('article')).toContainText(/2\s000\s000\sKč/);
  await expect(page.getByRole('article')).not.toContainText('{{figure');
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('an English visitor reads an article in English, and the Czech original on request', async ({
    page,
  }) => {
    await page.goto('/library/penize-dane-urady/dph');
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 1 })).toContainText('VAT');
    await expect(article.locator('div[lang="en"] > p').first()).toBeVisible();
    await expect(article).toContainText(/CZK\s2,000,000/);
    await expect(
      page.getByText(/Figures and deadlines last checked on \w+ \d{1,2}, \d{4}/),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Read in Czech' }).click();
    await expect(article.getByRole('heading', { level: 1 })).toContainText(
      'DPH pro malé podnikatele',
    );
    await expect(article.locator('div[lang="cs"] > p').first()).toBeVisible();
    await page.getByRole('button', { name: 'Read in English' }).click();
    await expect(article.getByRole('heading', { level: 1 })).toContainText('VAT');
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the library speaks German, articles included', async ({ page }) => {
    await page.goto('/library');
    await expect(page.getByText('5 Artikel').first()).toBeVisible();
    await page.goto('/library/prodej/eticky-vliv');
    await expect(page.getByRole('button', { name: 'Auf Tschechisch lesen' })).toBeVisible();
    await expect(page.getByRole('article').locator('div[lang="de"] > p').first()).toBeVisible();
    await page.goto('/library/nope');
    await expect(page.getByText('Kategorie nicht gefunden').first()).toBeVisible();
    await page.goto('/library/prodej/nope');
    await expect(page.getByText('Artikel nicht gefunden').first()).toBeVisible();
  });
});
