import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** The serious and critical accessibility violations on the page as it is now. */
async function serious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.nodes.length})`);
}

test('the topics lead to the five calculators, and the hourly rate recomputes as you type', async ({
  page,
}) => {
  await page.goto('/topics');
  await page.getByRole('link', { name: /Spočítej si to/ }).click();
  await expect(page).toHaveURL('/nastroje');
  await expect(page.getByRole('heading', { level: 1, name: 'Nástroje' })).toBeVisible();
  await expect(page).toHaveTitle(/Nástroje/);
  const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
  await expect(cards).toHaveCount(5);
  await expect(cards.filter({ hasText: 'Hlídač DPH' })).toContainText('hranici obratu pro DPH');

  await cards.filter({ hasText: 'Hodinovka' }).click();
  await expect(page).toHaveURL('/nastroje/hourly-rate');
  await expect(page.getByRole('heading', { level: 1, name: 'Hodinovka' })).toBeVisible();
  await expect(page).toHaveTitle(/Hodinovka/);
  const result = page.getByRole('region', { name: 'Kalkulačka: Hodinovka' });
  await expect(result).toContainText(/účtuj aspoň [\d\s]+Kč za hodinu/);
  await expect(result).toContainText(/Podle sazeb roku \d{4}/);
  await result.getByText('Odkud sazby jsou').click();
  await expect(result.getByRole('link').first()).toHaveAttribute('href', /^https:\/\//);
  const before = await result.locator('p').first().textContent();

  const net = page.getByRole('textbox', { name: 'Kolik chceš mít čistého měsíčně' });
  await net.fill('80 000');
  await expect(result.locator('p').first()).not.toHaveText(before ?? '');
  await expect(result).toContainText('zbylo 80');
  const good = (await result.locator('p').first().textContent()) ?? '';

  const hours = page.getByRole('textbox', { name: 'Hodin týdně, které vyfakturuješ' });
  await hours.fill('hodně');
  await expect(page.getByText('Napiš sem číslo, třeba 40 000.')).toBeVisible();
  await expect(hours).toHaveAttribute('aria-invalid', 'true');
  // The last good answer stays, marked as such.
  await expect(result.locator('p').first()).toHaveText(good);
  await expect(result).toContainText('Výsledek platí pro poslední správně vyplněné hodnoty.');
});

test('the menu leads to the calculators', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Otevřít menu' }).click();
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('link', { name: 'Nástroje a kalkulačky' })
    .click();
  await expect(page).toHaveURL('/nastroje');
});

test('the hourly rate starts from the business profile kept in the browser', async ({
  page,
  seedStorage,
}) => {
  await seedStorage(
    'partak_business_profile',
    JSON.stringify({ taxRegime: 'pausalni-dan', pausalBand: 1, billableHoursPerWeek: 30 }),
  );
  await page.goto('/nastroje/hourly-rate');
  await expect(page.getByRole('combobox', { name: 'Daňový režim' })).toHaveValue('pausal-1');
  await expect(page.getByRole('textbox', { name: 'Hodin týdně, které vyfakturuješ' })).toHaveValue(
    '30',
  );
  const result = page.getByRole('region', { name: 'Kalkulačka: Hodinovka' });
  await expect(result.getByRole('row', { name: /Paušální daň za rok/ })).toBeVisible();
});

test('a calculator opened with an input in the address starts from it', async ({ page }) => {
  await page.goto('/nastroje/put-aside?invoiceAmount=12100&vatRate=21');
  await expect(page.getByRole('textbox', { name: 'Částka faktury' })).toHaveValue('12100');
  await expect(page.getByRole('combobox', { name: 'DPH ve faktuře' })).toHaveValue('21');
  await expect(page.getByRole('region', { name: 'Kalkulačka: Kolik si odložit' })).toContainText(
    'Z faktury na 12 100 Kč si odlož',
  );
});

test('an unknown calculator shows the not-found page', async ({ page, expectConsole }) => {
  expectConsole(/404/);
  await page.goto('/nastroje/neexistuje');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Jejda! Stránka nenalezena' }),
  ).toBeVisible();
});

test('no serious accessibility violations on the calculators', async ({ page }) => {
  await page.goto('/nastroje');
  await expect(page.getByRole('heading', { level: 1, name: 'Nástroje' })).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await page.goto('/nastroje/osvc-vs-sro');
  await expect(page.getByText(/hrubý odhad do rozhovoru s účetní/)).toBeVisible();
  expect(await serious(page)).toEqual([]);
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('the calculators and their answers are translated', async ({ page }) => {
    await page.goto('/nastroje');
    await expect(page.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible();
    await page.getByRole('link', { name: /Hourly rate/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hourly rate' })).toBeVisible();
    const result = page.getByRole('region', { name: /Hourly rate/ });
    await expect(result).toContainText(/charge at least CZK\s?[\d,]+ an hour/);
    expect(await serious(page)).toEqual([]);
  });
});

test('the mentor offers the pricing card in the chat, filled from the profile and recomputed on edit', async ({
  page,
  seedStorage,
}) => {
  await seedStorage(
    'partak_business_profile',
    JSON.stringify({
      trade: 'grafika',
      tradeKind: 'design',
      legalForm: 'zivnost-main',
      taxRegime: 'pausalni-dan',
      pausalBand: 1,
      billableHoursPerWeek: 25,
      onboardedAt: '2026-11-01T08:00:00.000Z',
    }),
  );
  await page.goto('/chat');
  const box = page.getByRole('textbox', { name: 'Tvoje zpráva' });
  await box.fill('Kolik si mám účtovat za hodinu?');
  await box.press('Enter');
  const reply = page.getByRole('log', { name: 'Konverzace' }).locator(':scope > ol > li').nth(1);
  await expect(reply).toContainText('vyplnil jsem ji z tvého profilu');
  const card = reply.getByRole('region', { name: 'Kalkulačka: Hodinovka' });
  await expect(card).toContainText(/účtuj aspoň [\d\s]+Kč za hodinu/);
  await expect(reply.getByRole('combobox', { name: 'Daňový režim' })).toHaveValue('pausal-1');
  await expect(reply.getByRole('textbox', { name: 'Hodin týdně, které vyfakturuješ' })).toHaveValue(
    '25',
  );
  const before = await card.locator('p').first().textContent();
  await reply.getByRole('textbox', { name: 'Kolik chceš mít čistého měsíčně' }).fill('70 000');
  await expect(card.locator('p').first()).not.toHaveText(before ?? '');
  await expect(card).toContainText('zbylo 70');
  await reply.getByRole('link', { name: 'Otevřít v nástrojích' }).click();
  await expect(page).toHaveURL(/\/nastroje\/hourly-rate/);
});
