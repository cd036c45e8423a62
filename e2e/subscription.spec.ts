import { expect, test } from './fixtures.ts';

test('the offer in Czech: badge, price, benefits, trial toast, disabled checkout', async ({
  page,
}) => {
  await page.goto('/subscription');
  await expect(page.getByText('3 dny zdarma', { exact: true })).toBeVisible();
  await expect(page.getByText('599 Kč / měsíc')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Co získáš' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByText(/účtovat 599\sKč měsíčně/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Platbu kartou připravujeme' })).toBeDisabled();

  await page.getByRole('button', { name: 'Vyzkoušet 3 dny zdarma' }).click();
  await expect(page.getByText('Platba kartou bude brzy')).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Zavřít', exact: true }).click();
  await expect(page).toHaveURL('/');
});

for (const [locale, price] of [
  ['en-US', '$19.99 / month'],
  ['de-DE', '19,99 €'],
] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });
    test('price, badge and note agree in the plan’s currency', async ({ page }) => {
      await page.goto('/subscription');
      await expect(page.getByText(price).first()).toBeVisible();
      const note = page.locator('p').filter({ hasText: price.split(' / ')[0] ?? price });
      await expect(note.first()).toBeVisible();
    });
  });
}

test.describe('in English', () => {
  test.use({ locale: 'en-US' });
  test('the trial toast is translated', async ({ page }) => {
    await page.goto('/subscription');
    await expect(page.getByText('3 days free', { exact: true })).toBeVisible();
    await page
      .getByRole('button', { name: /3 days/ })
      .last()
      .click();
    await expect(page.getByText('Card payment is coming soon')).toBeVisible();
  });
});

test('the profile of a signed-out visitor offers sign-in', async ({ page }) => {
  await page.goto('/profil');
  await expect(page.getByRole('heading', { level: 1, name: 'Můj profil' })).toBeVisible();
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(page.getByRole('dialog', { name: 'Přihlášení' })).toBeVisible();
});

test.describe('in English, the account pages', () => {
  test.use({ locale: 'en-US' });
  test('profile and notification settings are translated', async ({ page }) => {
    await page.goto('/profil');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    await page.goto('/nastaveni-oznameni');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Notification settings' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to settings' }).click();
    await expect(page).toHaveURL('/settings');
  });
});
