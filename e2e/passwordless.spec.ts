import {
  createConfirmedAccount,
  expectSignedInAs,
  signInWithPassword,
  signOutFromMenu,
} from './accounts.ts';
import { openAuthDialog, toast } from './auth-ui.ts';
import { expect, test } from './fixtures.ts';
import { addPasskeyDevice, PASSKEY_BASE_URL } from './passkey-device.ts';
import { E2E_SERVICE_ROLE_KEY } from './mail-capture.ts';
import { uniqueEmail, waitForMail } from './mailbox.ts';

/**
 * The sign-in link's mail, not the confirmation mail the account was made with (the same
 * address's newest mail may still be that one while the new mail is on its way).
 */
const signInMail = (email: string) =>
  waitForMail(email, (mail) => mail.subject === 'Tvůj odkaz pro přihlášení do Parťáka');

test('a sign-in link by mail signs in, in this browser', async ({ page, request }) => {
  const email = uniqueEmail('link');
  await createConfirmedAccount(request, email);
  await page.goto('/');
  const dialog = await openAuthDialog(page);
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Poslat odkaz pro přihlášení' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Poslali jsme ti na ${email}`);

  const mail = await signInMail(email);
  expect(mail.code).toMatch(/^\d{6}$/);
  expect(mail.text).toContain(`Nebo zadej tento kód: ${mail.code}`);
  await page.goto(mail.link ?? '');
  await expect(toast(page, 'Přihlášení proběhlo úspěšně')).toBeVisible();
  await expectSignedInAs(page, email);
});

test('the code from the same mail signs in where the mail is not (a wrong one says so)', async ({
  page,
  request,
  expectConsole,
}) => {
  // The wrong code's answer.
  expectConsole(/status of 403/);
  const email = uniqueEmail('code');
  await createConfirmedAccount(request, email);
  await page.goto('/');
  const dialog = await openAuthDialog(page);
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Poslat odkaz pro přihlášení' }).click();
  const code = (await signInMail(email)).code ?? '';

  const wrong = code === '000000' ? '111111' : '000000';
  await dialog.getByLabel('Kód z e-mailu').fill(wrong);
  await dialog.getByRole('button', { name: 'Přihlásit se', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Odkaz nebo kód z e-mailu už neplatí');

  await dialog.getByLabel('Kód z e-mailu').fill(code);
  await dialog.getByRole('button', { name: 'Přihlásit se', exact: true }).click();
  await expect(toast(page, 'Přihlášení proběhlo úspěšně')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectSignedInAs(page, email);
});

test('an invited user opens the invitation, sets a password and signs in with it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('invite');
  // The operator invites through the admin API, as supabase-js's auth.admin.inviteUserByEmail does.
  const invited = await request.post('/auth/v1/invite', {
    headers: { apikey: E2E_SERVICE_ROLE_KEY, authorization: `Bearer ${E2E_SERVICE_ROLE_KEY}` },
    data: { email },
  });
  expect(invited.status()).toBe(200);
  const mail = await waitForMail(email);
  expect(mail.code).toMatch(/^\d{6}$/);

  await page.goto(mail.link ?? '');
  await expect(toast(page, 'Vítej u Parťáka!')).toBeVisible();
  const password = page.getByRole('dialog', { name: 'Nastav si nové heslo' });
  await password.getByLabel('Nové heslo').fill('Pozvanka-heslo-2026');
  await password.getByRole('button', { name: 'Uložit heslo' }).click();
  await expect(toast(page, 'Heslo je změněné')).toBeVisible();

  await signOutFromMenu(page, email);
  await signInWithPassword(page, email, 'Pozvanka-heslo-2026');
  await expect(toast(page, 'Přihlášení proběhlo úspěšně').last()).toBeVisible();
  await expectSignedInAs(page, email);
});

test.describe('passkey sign-in', () => {
  test.use({ baseURL: PASSKEY_BASE_URL });

  test('a passkey made on the profile signs in without a password, and can be removed', async ({
    page,
    request,
  }) => {
    await addPasskeyDevice(page);
    const email = uniqueEmail('passkey-sign-in');
    await createConfirmedAccount(request, email);
    await page.goto('/profil');
    await signInWithPassword(page, email);
    const passkeys = page.getByRole('region', { name: 'Přihlášení přístupovým klíčem' });
    await expect(passkeys).toContainText('Zatím nemáš žádný přístupový klíč pro přihlášení.');
    await passkeys.getByRole('button', { name: 'Vytvořit přístupový klíč' }).click();
    await expect(toast(page, 'Přístupový klíč je připravený')).toBeVisible();
    await expect(passkeys.getByRole('listitem')).toHaveCount(1);

    await signOutFromMenu(page, email);
    const dialog = await openAuthDialog(page);
    await dialog.getByRole('button', { name: 'Přihlásit se přístupovým klíčem' }).click();
    await expect(toast(page, 'Přihlášení proběhlo úspěšně').last()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expectSignedInAs(page, email);

    await page.goto('/profil');
    await passkeys.getByRole('button', { name: /^Odebrat/ }).click();
    await page
      .getByRole('alertdialog', { name: 'Odebrat přístupový klíč?' })
      .getByRole('button', { name: 'Odebrat' })
      .click();
    await expect(toast(page, 'Přístupový klíč je odebraný')).toBeVisible();
    await expect(passkeys).toContainText('Zatím nemáš žádný přístupový klíč pro přihlášení.');
  });
});
