import { expect, test } from './fixtures.ts';

test('switching the language applies at once, says so, and survives a reload', async ({ page }) => {
  await page.goto('/settings');
  const languages = page.getByRole('group', { name: 'Jazyk' });
  await expect(languages.getByRole('radio')).toHaveCount(4);
  await expect(languages.getByRole('radio', { name: 'Čeština' })).toBeChecked();

  await languages.getByText('Angličtina').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('Language changed')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
});

test('the notifications switch is on by default and remembers a change', async ({ page }) => {
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Povolit oznámení' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText('Oznámení vypnuta')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Povolit oznámení' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Povolit oznámení' }).click();
  await expect(page.getByText('Oznámení zapnuta')).toBeVisible();
});

test('clearing history asks first: no keeps everything, yes removes it', async ({
  page,
  seedStorage,
}) => {
  const saved = JSON.stringify([
    {
      id: 1,
      timestamp: new Date().toISOString(),
      messages: [{ role: 'user', content: 'Ahoj', timestamp: new Date().toISOString() }],
    },
  ]);
  await seedStorage('partak_saved_conversations', saved);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Smazat historii' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Opravdu chceš smazat všechnu historii?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ne, ponechat' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('partak_saved_conversations'))).toBe(saved);

  await page.getByRole('button', { name: 'Smazat historii' }).click();
  await dialog.getByRole('button', { name: 'Ano, smazat' }).click();
  await expect(page.getByText('Historie smazána')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('partak_saved_conversations'))).toBeNull();
});

test('settings lead to the statistics and show the version', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByText('Verze 1.0.0')).toBeVisible();
  await expect(page.getByText('Tvůj AI přítel, mentor a kouč pro podnikání')).toBeVisible();
  await page.getByRole('link', { name: /Statistiky/ }).click();
  await expect(page).toHaveURL('/analytics');
});

test('notification settings page says what is coming and leads back', async ({ page }) => {
  await page.goto('/nastaveni-oznameni');
  await expect(page.getByRole('heading', { level: 1, name: 'Nastavení oznámení' })).toBeVisible();
  await expect(page.getByText(/příštích aktualizací/)).toBeVisible();
  await page.getByRole('link', { name: 'Zpět do nastavení' }).click();
  await expect(page).toHaveURL('/settings');
});
