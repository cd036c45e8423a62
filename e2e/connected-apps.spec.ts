import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import {
  createConfirmedAccount,
  expectSignedInAs,
  PASSWORD,
  signInWithPassword,
} from './accounts.ts';
import { toast } from './auth-ui.ts';
import { expect, test } from './fixtures.ts';
import { E2E_SERVICE_ROLE_KEY } from './mail-capture.ts';
import { uniqueEmail } from './mailbox.ts';

/** The third-party app's own site: answered here, never reached. */
const CALLBACK = 'https://ucetnictvi.example/prihlaseni';

const admin = { apikey: E2E_SERVICE_ROLE_KEY, authorization: `Bearer ${E2E_SERVICE_ROLE_KEY}` };

/** An operator registers the app, as supabase-js's auth.admin.oauth.createClient does. */
async function registerApp(request: APIRequestContext, name: string): Promise<string> {
  const created = await request.post('/auth/v1/admin/oauth/clients', {
    headers: admin,
    data: { client_name: name, redirect_uris: [CALLBACK], client_type: 'public' },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { client_id: string }).client_id;
}

/** What the app sends the browser to: the authorization endpoint with PKCE (S256). */
function authorizeUrl(clientId: string, state: string) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid email',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return { url: `/auth/v1/oauth/authorize?${query}`, verifier };
}

/** Where the browser came back to the app: its code, and the state it must carry back. */
async function backAtApp(page: Page): Promise<URL> {
  await page.waitForURL((url) => url.href.startsWith(CALLBACK));
  return new URL(page.url());
}

test.beforeEach(async ({ page }) => {
  await page.route(`${new URL(CALLBACK).origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/plain', body: 'Účetnictví: přihlášení' }),
  );
});

test('another app signs in with Parťák after the user allows it, and loses access when disconnected', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('oauth-consent');
  await createConfirmedAccount(request, email);
  const clientId = await registerApp(request, 'Účetnictví Plus');
  await page.goto('/profil');
  await signInWithPassword(page, email);
  await expectSignedInAs(page, email);

  // The app sends the browser here; Parťák asks the user.
  const first = authorizeUrl(clientId, 'stav-1');
  await page.goto(first.url);
  await expect(page).toHaveURL(/\/povolit-pristup\?authorization_id=/);
  await expect(page.getByRole('heading', { name: 'Účetnictví Plus' })).toBeVisible();
  await expect(page.getByText(`Jako ${email}`)).toBeVisible();
  await expect(page.getByText('Vidět tvou e-mailovou adresu')).toBeVisible();
  await expect(page.getByText('Potom tě pošleme zpátky na ucetnictvi.example.')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.getByRole('button', { name: 'Povolit' }).click();

  const back = await backAtApp(page);
  expect(back.searchParams.get('state')).toBe('stav-1');
  const code = back.searchParams.get('code') ?? '';
  expect(code).not.toBe('');

  // The app trades the code for tokens, and learns who signed in.
  const token = await request.post('/auth/v1/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: clientId,
      code_verifier: first.verifier,
    },
  });
  expect(token.status()).toBe(200);
  const tokens = (await token.json()) as { access_token: string; refresh_token: string };
  const userinfo = await request.get('/auth/v1/oauth/userinfo', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(((await userinfo.json()) as { email: string }).email).toBe(email);

  // Asked again for what the user already allowed: straight back, no question.
  const again = authorizeUrl(clientId, 'stav-2');
  await page.goto(again.url);
  expect((await backAtApp(page)).searchParams.get('state')).toBe('stav-2');

  // The profile lists the app; disconnecting it ends its access.
  await page.goto('/profil');
  const apps = page.getByRole('region', { name: 'Propojené aplikace' });
  // One app (each lists what it may do, itself a list).
  await expect(apps.getByRole('heading', { level: 3 })).toHaveText(['Účetnictví Plus']);
  await expect(apps).toContainText('Účetnictví Plus');
  await apps.getByRole('button', { name: 'Odpojit Účetnictví Plus' }).click();
  await page
    .getByRole('alertdialog', { name: 'Odpojit aplikaci?' })
    .getByRole('button', { name: 'Odpojit' })
    .click();
  await expect(toast(page, 'Aplikace je odpojená')).toBeVisible();
  await expect(apps).toContainText('Zatím nemáš propojenou žádnou aplikaci.');
  const refresh = await request.post('/auth/v1/oauth/token', {
    form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId },
  });
  expect(refresh.status()).toBe(400);
});

test('signed out, the request waits for the sign-in; refused, the app hears access_denied', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('oauth-deny');
  await createConfirmedAccount(request, email);
  const clientId = await registerApp(request, 'Fakturoid Test');

  await page.goto(authorizeUrl(clientId, 'stav-odmitnuti').url);
  await expect(page).toHaveURL(/\/povolit-pristup\?authorization_id=/);
  await expect(page.getByText('Nejdřív se přihlas')).toBeVisible();
  await page.getByRole('button', { name: 'Přihlásit se' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Heslo', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Přihlásit se', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Fakturoid Test' })).toBeVisible();
  await page.getByRole('button', { name: 'Odmítnout' }).click();
  const back = await backAtApp(page);
  expect(back.searchParams.get('error')).toBe('access_denied');
  expect(back.searchParams.get('state')).toBe('stav-odmitnuti');
  expect(back.searchParams.get('code')).toBeNull();
});
