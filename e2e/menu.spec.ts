import { expect, test } from './fixtures.ts';

test('the top-right menu offers sign-in, subscription and the info texts', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Otevřít menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Přihlásit se / Zaregistrovat se' })).toBeVisible();

  const about = menu.locator('details').filter({ hasText: 'O aplikaci' });
  const audience = menu.locator('details').filter({ hasText: 'Pro koho' });
  await about.getByText('O aplikaci').click();
  await expect(menu.getByText(/Vznikl pro lidi, kteří chtějí začít podnikat/)).toBeVisible();
  await audience.getByText('Pro koho').click();
  await expect(menu.getByText(/Pro začínající podnikatele, freelancery/)).toBeVisible();
  // One section at a time: opening "Pro koho" closed "O aplikaci".
  await expect(about).not.toHaveAttribute('open');
  await expect(menu.getByText(/Vznikl pro lidi/)).toBeHidden();

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Otevřít menu' })).toBeFocused();

  await page.getByRole('button', { name: 'Otevřít menu' }).click();
  await menu.getByRole('link', { name: 'Předplatné' }).click();
  await expect(page).toHaveURL('/subscription');
  await expect(menu).toBeHidden();
});

test('the menu closed and at once opened again stays open', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Otevřít menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  // Closed, then opened again before the browser's close event, which comes a task later (as when
  // a quick key press is handled first): the late event must not undo the new opening.
  await page.evaluate(async () => {
    const dialog = document.querySelector('dialog[open]');
    const close = dialog?.querySelector('button');
    const open = document.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]');
    if (!dialog || !close || !open) throw new Error('no open menu');
    const closeEvent = new Promise((resolve) => dialog.addEventListener('close', resolve));
    close.click();
    await Promise.resolve();
    open.click();
    await closeEvent;
  });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Otevřít menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('the sign-in entry opens the sign-in dialog', async ({ page }) => {
  await page.goto('/topics');
  await page.getByRole('button', { name: 'Otevřít menu' }).click();
  await page.getByRole('button', { name: 'Přihlásit se / Zaregistrovat se' }).click();
  const dialog = page.getByRole('dialog', { name: 'Přihlášení' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Zavřít' }).click();
  await expect(dialog).toBeHidden();
});

test('keyboard users see where focus is', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Přeskočit na obsah' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Tab');
  const menuButton = page.getByRole('button', { name: 'Otevřít menu' });
  await expect(menuButton).toBeFocused();
  const outline = await menuButton.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).toBe('solid');
});

test('signed in, the menu opens on the account: profile, notifications, sign-out', async ({
  page,
  seedSignedIn,
  expectConsole,
}) => {
  // Home asks for the account's goals and reviews ("Na dnešek"): the seeded session is not one
  // the server issued, so it refuses them.
  expectConsole(/status of 403/);
  await seedSignedIn('jana@example.cz');
  await page.goto('/');
  await page.getByRole('button', { name: 'Otevřít menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('button', { name: 'Přihlásit se / Zaregistrovat se' })).toHaveCount(
    0,
  );
  const account = menu.locator('details').filter({ hasText: 'Můj účet' });
  await expect(account.locator('summary')).toContainText('J');
  await expect(account.locator('summary')).toContainText('jana@example.cz');

  await account.locator('summary').click();
  await expect(account.getByRole('link', { name: 'Můj profil' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Nastavení oznámení' })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Odhlásit se' })).toBeVisible();
  // One section at a time: the info texts and the account share the menu.
  await menu.locator('details').filter({ hasText: 'O aplikaci' }).getByText('O aplikaci').click();
  await expect(account).not.toHaveAttribute('open');

  await account.locator('summary').click();
  await account.getByRole('link', { name: 'Nastavení oznámení' }).click();
  await expect(page).toHaveURL('/nastaveni-oznameni');
  await expect(menu).toBeHidden();
});
