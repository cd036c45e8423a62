import { createConfirmedAccount, PASSWORD, storedSession } from './accounts.ts';
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

test('signed out, the reminder comes by push to this device; a browser that refuses says so', async ({
  page,
}) => {
  await page.goto('/nastaveni-oznameni');
  await expect(page.getByRole('heading', { level: 1, name: 'Nastavení oznámení' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Týdenní připomínka' });
  await expect(form.getByText(/Bez přihlášení ti připomínku pošleme oznámením/)).toBeVisible();
  await expect(form.getByLabel(/E-mailem/)).toHaveCount(0);
  await form.getByLabel('Den').selectOption({ label: 'pátek' });
  await form.getByLabel('Oznámením na tomto zařízení').check();
  // Headless Chromium refuses notifications (as a user who clicked "Block" would).
  await form.getByRole('button', { name: 'Uložit připomínku' }).click();
  await expect(form.getByRole('alert')).toHaveText(/Oznámení máš v prohlížeči zakázaná/);
  await expect(form.getByLabel('Oznámením na tomto zařízení')).not.toBeChecked();
  await expect(form.getByLabel('Den')).toHaveValue('5');
  expect(await page.evaluate(() => localStorage.getItem('partak_reminder'))).toBeNull();
  await page.getByRole('link', { name: 'Zpět do nastavení' }).click();
  await expect(page).toHaveURL('/settings');
  await page.getByRole('link', { name: 'Nastavit týdenní připomínku' }).click();
  await expect(page).toHaveURL('/nastaveni-oznameni');
});

test('signed in, the weekly reminder is set for a day and hour by e-mail, and kept', async ({
  page,
  request,
  seedStorage,
}) => {
  const email = `pripominka-${Date.now()}@example.cz`;
  await createConfirmedAccount(request, email);
  await seedStorage('partak_auth', await storedSession(request, email, PASSWORD));
  await page.goto('/nastaveni-oznameni');
  const form = page.getByRole('region', { name: 'Týdenní připomínka' });
  await expect(form.getByLabel('Den')).toHaveValue('1');
  await form.getByLabel('Den').selectOption({ label: 'pátek' });
  await form.getByLabel('Hodina').selectOption({ label: '17:00' });
  await expect(form.getByText(/Podle času v zóně/)).toBeVisible();
  await form.getByLabel(`E-mailem na ${email}`).check();
  await form.getByRole('button', { name: 'Uložit připomínku' }).click();
  await expect(page.getByText('Připomínka uložena')).toBeVisible();

  await page.reload();
  await expect(form.getByLabel('Den')).toHaveValue('5');
  await expect(form.getByLabel('Hodina')).toHaveValue('17');
  await expect(form.getByLabel(`E-mailem na ${email}`)).toBeChecked();
});

test('an unsubscribe link that is not valid says so, translated, and leads to the settings', async ({
  page,
  expectConsole,
}) => {
  expectConsole(/status of 400/);
  await page.goto('/pripominky/odhlasit?token=nonsense');
  await expect(page.getByRole('heading', { level: 1, name: 'Odhlášení připomínek' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(/Tenhle odkaz pro odhlášení neplatí/);
  await page.getByRole('link', { name: 'Nastavení oznámení' }).click();
  await expect(page).toHaveURL('/nastaveni-oznameni');
});
