import type { Page } from '@playwright/test';
import { openAuthDialog, openMenu, toast } from './auth-ui.ts';
import { expect, test } from './fixtures.ts';
import { oauthPeer } from './oauth-peer.ts';

/** A login name at the provider no other test uses; the account's address is `<name>@example.cz`. */
const uniqueLogin = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** From the auth dialog to the provider's login page (the peer standing in for Google / Apple). */
async function continueWith(page: Page, provider: 'Google' | 'Apple'): Promise<void> {
  const dialog = await openAuthDialog(page);
  await dialog.getByRole('button', { name: `Pokračovat přes ${provider}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${oauthPeer.issuer}/interaction/`));
}

/** Signs in at the provider and answers its consent page. */
async function atProvider(page: Page, login: string, decision: 'Allow' | 'Deny'): Promise<void> {
  await page.getByLabel('Login').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: decision }).click();
}

async function expectSignedInAs(page: Page, email: string): Promise<void> {
  await expect(toast(page, 'Přihlášení proběhlo úspěšně')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect((await openMenu(page)).getByText(email)).toBeVisible();
}

test('Google: sign in at the provider, consent, and come back signed in', async ({ page }) => {
  const login = uniqueLogin('google');
  await page.goto('/');
  await continueWith(page, 'Google');
  await atProvider(page, login, 'Allow');
  await expectSignedInAs(page, `${login}@example.cz`);

  // The session is kept: still signed in after a reload.
  await page.reload();
  await expect((await openMenu(page)).getByText(`${login}@example.cz`)).toBeVisible();
});

test('Apple: the provider answers with a form POST and the user comes back signed in', async ({
  page,
}) => {
  const login = uniqueLogin('apple');
  await page.goto('/topics');
  await continueWith(page, 'Apple');
  await atProvider(page, login, 'Allow');
  await expectSignedInAs(page, `${login}@example.cz`);
});

test('a refused consent ends in the translated error, signed out', async ({ page }) => {
  await page.goto('/');
  await continueWith(page, 'Google');
  await atProvider(page, uniqueLogin('denied'), 'Deny');
  await expect(
    toast(
      page,
      'Chyba',
      'Bez tvého souhlasu tě nemůžeme přihlásit. Zkus to znovu, nebo se přihlas e-mailem.',
    ),
  ).toBeVisible();
  // The error left neither the fragment nor the query behind.
  await expect(page).toHaveURL('/');
  const menu = await openMenu(page);
  await expect(menu.getByRole('button', { name: 'Přihlásit se / Zaregistrovat se' })).toBeVisible();
});

test('a provider the server refuses to start says so and stays on the page', async ({
  page,
  expectConsole,
}) => {
  // Every provider of this run is on; the refusal a switched-off one gets (see the server's
  // oauth-errors.test.ts) is played back here, to see what the user is shown.
  expectConsole(/status of 400/);
  await page.route('**/auth/v1/authorize?provider=google*', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 400,
        error_code: 'validation_failed',
        msg: 'Unsupported provider: provider is not enabled',
      }),
    }),
  );
  await page.goto('/topics');
  const dialog = await openAuthDialog(page);
  await dialog.getByRole('button', { name: 'Pokračovat přes Google' }).click();
  await expect(
    toast(
      page,
      'Chyba',
      'Tenhle způsob přihlášení zatím není k dispozici. Přihlas se prosím e-mailem.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL('/topics');
  await expect(dialog.getByRole('button', { name: 'Pokračovat přes Google' })).toBeEnabled();
});
