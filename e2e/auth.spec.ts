import {
  createConfirmedAccount,
  PASSWORD,
  signInWithPassword as signIn,
  signOutFromMenu,
} from './accounts.ts';
import { openAuthDialog, openMenu, toast } from './auth-ui.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail, waitForMail } from './mailbox.ts';

test('a new user signs up, confirms by mail, signs out and in, and stays signed in', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/');
  const dialog = await openAuthDialog(page);
  await dialog.getByRole('button', { name: 'Nemáš účet? Zaregistruj se' }).click();
  const signup = page.getByRole('dialog', { name: 'Registrace' });
  await expect(signup.getByLabel('Heslo', { exact: true })).toHaveAttribute(
    'autocomplete',
    'new-password',
  );
  await signup.getByLabel('E-mail', { exact: true }).fill(email);
  await signup.getByLabel('Heslo', { exact: true }).fill(PASSWORD);
  await signup.getByRole('button', { name: 'Zaregistrovat se' }).click();
  await expect(toast(page, 'Zkontroluj svůj e-mail')).toBeVisible();
  await expect(signup).toBeHidden();

  const mail = await waitForMail(email);
  await page.goto(mail.link ?? '');
  await expect(toast(page, 'Vítej u Parťáka!')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect((await openMenu(page)).getByText(email)).toBeVisible();
  await page.keyboard.press('Escape');

  await signOutFromMenu(page, email);
  await signIn(page, email, PASSWORD);
  await expect(toast(page, 'Přihlášení proběhlo úspěšně')).toBeVisible();

  await page.reload();
  const menu = await openMenu(page);
  await menu.getByText(email).click();
  await menu.getByRole('link', { name: 'Můj profil' }).click();
  await expect(page).toHaveURL('/profil');
  const id = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('partak_auth') ?? '{}') as { user: { id: string } }).user.id,
  );
  const details = page.getByRole('region', { name: 'Údaje o účtu' });
  await expect(details).toContainText(email);
  await expect(details).toContainText(id);
  await expect(details.locator('dd').nth(2)).toHaveText('email');

  await details.getByRole('button', { name: 'Odhlásit se' }).click();
  await expect(toast(page, 'Odhlášení proběhlo úspěšně')).toBeVisible();
  await expect(page.getByText('Přihlas se ke svému účtu')).toBeVisible();
  const signedOutMenu = await openMenu(page);
  await expect(
    signedOutMenu.getByRole('button', { name: 'Přihlásit se / Zaregistrovat se' }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('partak_auth'))).toBeNull();
});

test('a wrong password is refused with the translated reason', async ({
  page,
  request,
  expectConsole,
}) => {
  expectConsole(/status of 400/);
  const email = uniqueEmail('wrong-password');
  await createConfirmedAccount(request, email);
  await page.goto('/');
  const dialog = await signIn(page, email, 'Jine-heslo-123');
  await expect(toast(page, 'Chyba', 'Nesprávný e-mail nebo heslo.')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('Nesprávný e-mail nebo heslo.');
  await expect(dialog).toBeVisible();
});

test('in English, the wrong-password error is English', async ({
  page,
  request,
  storeLanguage,
  expectConsole,
}) => {
  expectConsole(/status of 400/);
  const email = uniqueEmail('wrong-password-en');
  await createConfirmedAccount(request, email);
  await storeLanguage('en');
  await page.goto('/');
  const menu = await openMenu(page, 'Open menu', 'Menu');
  await menu.getByRole('button', { name: 'Sign in / Sign up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('Other-password-1');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toast(page, 'Error', 'Wrong email or password.')).toBeVisible();
});

test('a forgotten password is reset through the mailed link', async ({ page, request }) => {
  // Two mails and three password hashes: on two busy cores this takes longer than most journeys.
  test.slow();
  const email = uniqueEmail('reset');
  const newPassword = 'Nove-heslo-2026';
  await createConfirmedAccount(request, email);
  await page.goto('/');
  const dialog = await openAuthDialog(page);
  const forgot = dialog.getByRole('button', { name: 'Zapomenuté heslo?' });
  await forgot.click();
  await expect(toast(page, 'Chyba', 'E-mail je povinný')).toBeVisible();
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await forgot.click();
  await expect(toast(page, 'Zkontroluj svou e-mailovou schránku')).toBeVisible();

  const mail = await waitForMail(email, (m) => m.link?.includes('type=recovery') ?? false);
  await page.goto(mail.link ?? '');
  const reset = page.getByRole('dialog', { name: 'Nastav si nové heslo' });
  await expect(reset).toBeVisible();
  const field = reset.getByLabel('Nové heslo');
  await expect(field).toHaveAttribute('autocomplete', 'new-password');
  await field.fill(newPassword);
  await reset.getByRole('button', { name: 'Uložit heslo' }).click();
  await expect(toast(page, 'Heslo je změněné')).toBeVisible();
  await expect(reset).toBeHidden();

  await signOutFromMenu(page, email);
  await signIn(page, email, newPassword);
  await expect(toast(page, 'Přihlášení proběhlo úspěšně')).toBeVisible();
  await expect((await openMenu(page)).getByText(email)).toBeVisible();
});

test('an already used confirmation link explains itself', async ({ page, request }) => {
  const email = uniqueEmail('used-link');
  await createConfirmedAccount(request, email);
  const mail = await waitForMail(email);
  await page.goto(mail.link ?? '');
  await expect(
    toast(
      page,
      'Chyba',
      'Odkaz nebo kód z e-mailu už neplatí: vypršel, už byl použitý, nebo je kód špatně opsaný. Požádej si o nový.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL('/');
  const menu = await openMenu(page);
  await expect(menu.getByRole('button', { name: 'Přihlásit se / Zaregistrovat se' })).toBeVisible();
});
