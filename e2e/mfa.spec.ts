import type { Locator, Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import {
  createConfirmedAccount,
  expectSignedInAs,
  signInWithPassword,
  signOutFromMenu,
} from './accounts.ts';
import { openMenu, toast } from './auth-ui.ts';
import { expect, test } from './fixtures.ts';
import { addPasskeyDevice, PASSKEY_BASE_URL } from './passkey-device.ts';
import { uniqueEmail } from './mailbox.ts';
import { uniquePhone, waitForSms } from './sms-capture.ts';

const CODE_REFUSED = 'Kód nesouhlasí nebo už byl použitý. Zkontroluj ho a zkus to znovu.';

/**
 * Serious or critical axe findings in `scope` (the page's content, or the open dialog). Toasts are
 * left out: they come and go on their own timer (and sonner's green on green is its own matter).
 */
async function seriousViolations(page: Page, scope: 'main' | 'dialog[open]'): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
}

/** Signed in on the profile, with its 'Zabezpečení' section loaded. */
async function openSecurity(page: Page, email: string): Promise<Locator> {
  await page.goto('/profil');
  await signInWithPassword(page, email);
  await expect(toast(page, 'Přihlášení proběhlo úspěšně')).toBeVisible();
  const security = page.getByRole('region', { name: 'Zabezpečení' });
  await expect(security).toContainText('Druhé ověření je vypnuté');
  return security;
}

/** The second step of signing in, asked for after the password. */
async function secondStep(page: Page, email: string): Promise<Locator> {
  await signInWithPassword(page, email);
  const step = page.getByRole('dialog', { name: 'Potvrď přihlášení' });
  await expect(step).toContainText(`Přihlašuješ se jako ${email}.`);
  return step;
}

/** A six-digit code no window of the server accepts now (±1 step). */
function wrongCode(totp: TOTP): string {
  const now = Date.now();
  const valid = [-30_000, 0, 30_000, 60_000].map((shift) =>
    totp.generate({ timestamp: now + shift }),
  );
  return ['000000', '999999', '123456'].find((code) => !valid.includes(code)) ?? '000001';
}

test('an authenticator app: added on the profile, then asked for at every sign-in', async ({
  page,
  request,
  expectConsole,
}) => {
  expectConsole(/status of 422/);
  const email = uniqueEmail('totp');
  await createConfirmedAccount(request, email);
  const security = await openSecurity(page, email);

  await security.getByRole('button', { name: 'Přidat ověřovací aplikaci' }).click();
  const add = page.getByRole('dialog', { name: 'Přidat ověřovací aplikaci' });
  await expect(add.getByLabel('Název')).toHaveValue('Ověřovací aplikace');
  await add.getByRole('button', { name: 'Pokračovat' }).click();
  const qr = add.getByRole('img', { name: 'QR kód pro přidání Parťáka do ověřovací aplikace' });
  await expect(qr).toBeVisible();
  // The SVG is an image that really draws (CSP: img-src data:), never markup in the page.
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
  expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);

  const secret = ((await add.locator('code').textContent()) ?? '').replace(/\s/g, '');
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  await add.getByLabel('Šestimístný kód').fill(totp.generate());
  await add.getByRole('button', { name: 'Potvrdit' }).click();
  await expect(toast(page, 'Ověřovací aplikace je přidaná')).toBeVisible();
  await expect(add).toBeHidden();
  await expect(security).toContainText('Druhé ověření je zapnuté – máš 1 ověřený způsob.');
  await expect(security.getByRole('listitem')).toHaveText([/Ověřovací aplikace\s*Ověřeno/]);
  expect(await seriousViolations(page, 'main')).toEqual([]);

  await signOutFromMenu(page, email);
  const step = await secondStep(page, email);
  const code = step.getByLabel('Šestimístný kód');
  await expect(code).toBeFocused();
  // Not signed in before the code: the profile offers to finish instead.
  await expect(page.getByText('Dokonči přihlášení')).toBeVisible();
  expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);

  await code.fill(wrongCode(totp));
  await step.getByRole('button', { name: 'Ověřit' }).click();
  await expect(toast(page, 'Chyba', CODE_REFUSED)).toBeVisible();
  await expect(step.getByRole('alert')).toHaveText(CODE_REFUSED);
  // A code from a minute and a half ago has expired (only one step of clock drift is allowed).
  const expired = totp.generate({ timestamp: Date.now() - 90_000 });
  const stillValid = [-30_000, 0, 30_000].map((s) => totp.generate({ timestamp: Date.now() + s }));
  if (!stillValid.includes(expired)) {
    await code.fill(expired);
    const refused = page.waitForResponse((response) => response.url().endsWith('/verify'));
    await step.getByRole('button', { name: 'Ověřit' }).click();
    expect((await refused).status()).toBe(422);
    await expect(step.getByRole('alert')).toHaveText(CODE_REFUSED);
  }

  // The next step's code: the server accepts one step ahead, and the enrollment's step is spent.
  const next = totp.generate({ timestamp: Date.now() + 30_000 });
  await code.fill(next);
  await step.getByRole('button', { name: 'Ověřit' }).click();
  await expect(toast(page, 'Přihlášení proběhlo úspěšně').last()).toBeVisible();
  await expect(step).toBeHidden();
  await expect(security).toBeVisible();
  await expectSignedInAs(page, email);

  // A code works once.
  await signOutFromMenu(page, email);
  const again = await secondStep(page, email);
  await again.getByLabel('Šestimístný kód').fill(next);
  await again.getByRole('button', { name: 'Ověřit' }).click();
  await expect(again.getByRole('alert')).toHaveText(CODE_REFUSED);
});

test('a returning visitor who left at the second step is asked again, and can sign out', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('totp-return');
  await createConfirmedAccount(request, email);
  const security = await openSecurity(page, email);
  await security.getByRole('button', { name: 'Přidat ověřovací aplikaci' }).click();
  const add = page.getByRole('dialog', { name: 'Přidat ověřovací aplikaci' });
  await add.getByRole('button', { name: 'Pokračovat' }).click();
  const secret = ((await add.locator('code').textContent()) ?? '').replace(/\s/g, '');
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  await add.getByLabel('Šestimístný kód').fill(totp.generate());
  await add.getByRole('button', { name: 'Potvrdit' }).click();
  await expect(toast(page, 'Ověřovací aplikace je přidaná')).toBeVisible();

  await signOutFromMenu(page, email);
  await secondStep(page, email);
  await page.goto('/');
  const step = page.getByRole('dialog', { name: 'Potvrď přihlášení' });
  await expect(step.getByLabel('Šestimístný kód')).toBeVisible();
  await page.keyboard.press('Escape');
  const menu = await openMenu(page);
  await expect(menu.getByText(email)).toHaveCount(0);
  await menu.getByRole('button', { name: 'Dokončit přihlášení' }).click();
  await expect(step).toBeVisible();

  await step.getByRole('button', { name: 'Odhlásit se' }).click();
  await expect(toast(page, 'Odhlášení proběhlo úspěšně')).toBeVisible();
  await expect(step).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('partak_auth'))).toBeNull();
});

test('a phone: its texted code confirms it, and a new code signs in', async ({
  page,
  request,
  expectConsole,
}) => {
  // The server texts one factor at most once a minute: the sign-in waits for that minute.
  test.setTimeout(150_000);
  expectConsole(/status of 429/);
  const email = uniqueEmail('phone');
  const phone = uniquePhone();
  await createConfirmedAccount(request, email);
  const security = await openSecurity(page, email);

  await security.getByRole('button', { name: 'Přidat telefon' }).click();
  const add = page.getByRole('dialog', { name: 'Přidat telefon' });
  await add.getByLabel('Telefonní číslo').fill(phone);
  await add.getByRole('button', { name: 'Poslat kód' }).click();
  const enrollment = await waitForSms(phone);
  const sentAt = Date.now();
  expect(enrollment.message).toMatch(/^Tvůj ověřovací kód pro Parťáka: \d{6}\./);
  await add.getByLabel('Kód z SMS').fill(enrollment.code ?? '');
  await add.getByRole('button', { name: 'Potvrdit' }).click();
  await expect(toast(page, 'Telefon je přidaný')).toBeVisible();
  await expect(security.getByRole('listitem')).toHaveText([
    new RegExp(`${phone.replace(/\+/g, '\\+')}\\s*Telefon \\(SMS\\)\\s*Ověřeno`),
  ]);

  await signOutFromMenu(page, email);
  const step = await secondStep(page, email);
  await expect(step).toContainText(`Pošleme ti SMS s kódem na číslo ${phone.replace(/\s/g, '')}.`);
  const send = step.getByRole('button', { name: 'Poslat kód' });
  await send.click();
  const tooSoon = 'SMS jsme ti poslali teprve před chvílí. Počkej minutu a zkus to znovu.';
  await expect(step.getByRole('alert')).toHaveText(tooSoon);
  await expect(toast(page, 'Chyba', tooSoon)).toBeVisible();

  await page.waitForTimeout(Math.max(0, sentAt + 62_000 - Date.now()));
  await send.click();
  const signIn = await waitForSms(phone, 2);
  await step.getByLabel('Kód z SMS').fill(signIn.code ?? '');
  await step.getByRole('button', { name: 'Ověřit' }).click();
  await expect(step).toBeHidden();
  await expectSignedInAs(page, email);
});

test.describe('passkeys', () => {
  test.use({ baseURL: PASSKEY_BASE_URL });

  test('a passkey made on the profile signs in as the second step', async ({ page, request }) => {
    await addPasskeyDevice(page);
    const email = uniqueEmail('passkey');
    await createConfirmedAccount(request, email);
    const security = await openSecurity(page, email);

    await security.getByRole('button', { name: 'Přidat přístupový klíč' }).click();
    const add = page.getByRole('dialog', { name: 'Přidat přístupový klíč' });
    await add.getByLabel('Název').fill('Tenhle počítač');
    await add.getByRole('button', { name: 'Vytvořit přístupový klíč' }).click();
    await expect(toast(page, 'Přístupový klíč je přidaný')).toBeVisible();
    await expect(security.getByRole('listitem')).toHaveText([
      /Tenhle počítač\s*Přístupový klíč\s*Ověřeno/,
    ]);

    await signOutFromMenu(page, email);
    const step = await secondStep(page, email);
    await step.getByRole('button', { name: 'Použít přístupový klíč' }).click();
    await expect(toast(page, 'Přihlášení proběhlo úspěšně').last()).toBeVisible();
    await expect(step).toBeHidden();
    await expectSignedInAs(page, email);
  });
});
