import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { openAuthDialog, openMenu, toast } from './auth-ui.ts';
import { expect } from './fixtures.ts';
import { waitForMail } from './mailbox.ts';

export const PASSWORD = 'Silne-heslo-2026';

/** An account made through the API and confirmed through its mail, as if done a while ago. */
export async function createConfirmedAccount(
  request: APIRequestContext,
  email: string,
): Promise<void> {
  const { anonKey } = (await (await request.get('/api/v1/config')).json()) as { anonKey: string };
  const signup = await request.post('/auth/v1/signup', {
    headers: { apikey: anonKey },
    data: { email, password: PASSWORD },
  });
  expect(signup.status()).toBe(200);
  const mail = await waitForMail(email);
  const confirm = await request.get(mail.link ?? '', { maxRedirects: 0 });
  expect(confirm.status()).toBe(303);
  expect(confirm.headers().location).toContain('access_token=');
}

/**
 * A session of the account, signed in through the API and serialized as the auth client keeps it:
 * stored before the first page load, the app starts signed in for real.
 */
export async function storedSession(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const { anonKey } = (await (await request.get('/api/v1/config')).json()) as { anonKey: string };
  const response = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: anonKey },
    data: { email, password },
  });
  expect(response.status()).toBe(200);
  return JSON.stringify(await response.json());
}

/** Email and password in the sign-in dialog (opened from the menu); returns the dialog. */
export async function signInWithPassword(
  page: Page,
  email: string,
  password = PASSWORD,
): Promise<Locator> {
  const dialog = await openAuthDialog(page);
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Heslo', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Přihlásit se', exact: true }).click();
  return dialog;
}

export async function signOutFromMenu(page: Page, email: string): Promise<void> {
  const menu = await openMenu(page);
  await menu.getByText(email).click();
  await menu.getByRole('button', { name: 'Odhlásit se' }).click();
  await expect(toast(page, 'Odhlášení proběhlo úspěšně').last()).toBeVisible();
  await expect(menu).toBeHidden();
}

export async function expectSignedInAs(page: Page, email: string): Promise<void> {
  const menu = await openMenu(page);
  await expect(menu.getByText(email)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}
