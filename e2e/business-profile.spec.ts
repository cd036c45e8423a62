import type { Locator, Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { ARES_FAULTS, startAresPeer, type AresPeer } from '../server/test/ares-peer.ts';
import { createConfirmedAccount, storedSession } from './accounts.ts';
import { toast } from './auth-ui.ts';
import { expect, test, waitForTheAppOnNavigation } from './fixtures.ts';
import { uniqueEmail } from './mailbox.ts';
import { startOwnServer, type OwnServer } from './own-server.ts';

const onboarding = (page: Page) =>
  page.getByRole('region', { name: 'Pár otázek, ať ti můžu radit na míru' });
const myBusiness = (page: Page) => page.getByRole('region', { name: 'Můj byznys' });
const box = (page: Page) => page.getByRole('textbox', { name: 'Tvoje zpráva' });
const storedProfile = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('partak_business_profile') ?? 'null'));

/** The serious and critical violations inside `scope`, one line each. */
async function serious(page: Page, scope: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.nodes.length})`);
}

/** Opens the "Můj byznys" form on the profile page. */
async function openForm(page: Page, path = '/profil'): Promise<Locator> {
  await page.goto(path);
  const card = myBusiness(page);
  await card.getByRole('button', { name: /můj byznys/ }).click();
  await expect(card.getByLabel('Čím se živíš?')).toBeVisible();
  return card;
}

test.describe('the chat’s onboarding', () => {
  test('skipped, it is never offered again, and typing is never blocked', async ({ page }) => {
    await page.goto('/chat');
    await expect(onboarding(page)).toContainText(
      'Ať ti můžu radit na míru. Vše můžeš kdykoli změnit v profilu.',
    );
    await expect(box(page)).toBeEditable();
    await box(page).fill('Píšu, i když je tu onboarding');
    expect(await serious(page, 'main')).toEqual([]);
    await onboarding(page).getByRole('button', { name: 'Přeskočit vše' }).click();
    await expect(onboarding(page)).toHaveCount(0);
    expect(await storedProfile(page)).toEqual({ onboardedAt: expect.any(String) });
    await page.reload();
    await expect(box(page)).toBeVisible();
    await expect(onboarding(page)).toHaveCount(0);
  });

  test('completed, the profile is kept, shown on the profile page and sent to the mentor', async ({
    page,
  }) => {
    await page.goto('/chat');
    const card = onboarding(page);
    await expect(card).toContainText('Krok 1 ze 3');
    await card.getByLabel('Čím se živíš?').fill('Svatební fotografie');
    await card.getByLabel('Obor').selectOption({ label: 'Foto a video' });
    await card.getByLabel('Kdo jsou tvoji zákazníci?').selectOption({ label: 'Lidé (B2C)' });
    await card.getByRole('button', { name: 'Pokračovat' }).click();
    await expect(card).toContainText('Krok 2 ze 3');
    await card.getByLabel('Forma podnikání').selectOption({ label: 'Živnost jako hlavní činnost' });
    await card.getByLabel('Daňový režim').selectOption({ label: 'Paušální daň' });
    await card.getByLabel('Paušální daň – pásmo').selectOption({ label: '1. pásmo' });
    await card.getByRole('button', { name: 'Pokračovat' }).click();
    await expect(card).toContainText('Krok 3 ze 3');
    await card.getByLabel('Kraj, kde podnikáš').selectOption({ label: 'Zlínský kraj' });
    await card.getByLabel('Kolik hodin týdně fakturuješ?').fill('25');
    await card.getByRole('button', { name: 'Hotovo' }).click();
    await expect(toast(page, 'Díky! Teď ti můžu radit na míru.')).toBeVisible();
    await expect(onboarding(page)).toHaveCount(0);

    // The mentor is told the profile; an AI model may not see it (the switch is off).
    const asked = page.waitForRequest(
      (request) => request.url().endsWith('/api/v1/chat') && request.method() === 'POST',
    );
    await box(page).fill('Jak nacenit focení svatby?');
    await box(page).press('Enter');
    const { context } = (await asked).postDataJSON() as {
      context: { profile: Record<string, unknown>; profileForModel: boolean };
    };
    expect(context.profile).toEqual({
      trade: 'Svatební fotografie',
      tradeKind: 'photo-video',
      customers: 'people',
      legalForm: 'zivnost-main',
      taxRegime: 'pausalni-dan',
      pausalBand: 1,
      region: 'zlinsky',
      billableHoursPerWeek: 25,
      onboardedAt: expect.any(String),
    });
    expect(context.profileForModel).toBe(false);

    await page.goto('/profil');
    const profile = myBusiness(page);
    await expect(profile).toContainText('Svatební fotografie');
    await expect(profile).toContainText('Paušální daň');
    await expect(profile).toContainText('Zlínský kraj');
  });
});

test.describe('the profile page’s “Můj byznys”', () => {
  test('reached from the settings, edited, checked by axe, and deleted after a yes', async ({
    page,
  }) => {
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Upravit můj byznys' }).click();
    await expect(page).toHaveURL(/\/profil#muj-byznys$/);
    const card = myBusiness(page);
    await card.getByLabel('Čím se živíš?').fill('Účetnictví pro malé firmy');
    await card.getByLabel('Daňový režim').selectOption({ label: 'Výdajový paušál' });
    await expect(card.getByLabel('Výdajový paušál – kolik procent')).toBeVisible();
    await card.getByLabel('Kolik hodin týdně fakturuješ?').fill('200');
    await card.getByRole('button', { name: 'Uložit' }).click();
    await expect(card.getByLabel('Kolik hodin týdně fakturuješ?')).toBeFocused();
    await expect(card.getByText('Zadej celé číslo od 1 do 80.')).toBeVisible();
    expect(await serious(page, 'main')).toEqual([]);
    await card.getByLabel('Kolik hodin týdně fakturuješ?').fill('30');
    await card.getByRole('button', { name: 'Uložit' }).click();
    await expect(toast(page, 'Uloženo')).toBeVisible();
    await expect(card).toContainText('Účetnictví pro malé firmy');

    await card.getByRole('button', { name: 'Smazat profil podnikání' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Smazat profil podnikání?' });
    await confirm.getByRole('button', { name: 'Ano, smazat' }).click();
    await expect(toast(page, 'Profil podnikání je smazaný')).toBeVisible();
    await expect(card).toContainText('O svém podnikání tu zatím nic nemáš.');
    expect(await storedProfile(page)).toEqual({});
  });

  test('signed in, the profile reaches a second device', async ({ page, browser, request }) => {
    test.slow();
    const email = uniqueEmail('business');
    await createConfirmedAccount(request, email);
    const session = await storedSession(request, email);
    const signedIn = async (target: Page) =>
      target.addInitScript((raw) => localStorage.setItem('partak_auth', raw), session);
    await signedIn(page);
    const card = await openForm(page);
    await card.getByLabel('Čím se živíš?').fill('Kadeřnictví');
    await card.getByLabel('Kraj, kde podnikáš').selectOption({ label: 'Kraj Vysočina' });
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/business-profile') &&
        response.request().method() === 'PUT',
    );
    await card.getByRole('button', { name: 'Uložit' }).click();
    expect((await saved).status()).toBe(200);

    const context = await browser.newContext({ locale: 'cs-CZ' });
    const other = waitForTheAppOnNavigation(await context.newPage());
    await signedIn(other);
    await other.goto('/profil');
    await expect(myBusiness(other)).toContainText('Kadeřnictví');
    await expect(myBusiness(other)).toContainText('Kraj Vysočina');
    await context.close();
  });
});

test.describe('the IČO lookup, against a local ARES', () => {
  test.describe.configure({ mode: 'serial' });
  let ares: AresPeer;
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(90_000); // a server of its own starts with a fresh database
    ares = await startAresPeer();
    server = await startOwnServer({ ARES_BASE_URL: ares.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await ares?.close();
  });

  test('checks the checksum first, says what ARES said, and fills the form once confirmed', async ({
    page,
    expectConsole,
  }) => {
    // Chromium logs the lookups ARES answered "not found" and "unavailable" (asked for below).
    expectConsole(/status of 404 \(Not Found\)/);
    expectConsole(/status of 503 \(Service Unavailable\)/);
    const card = await openForm(page, `${server.url}/profil`);
    const ico = card.getByLabel('IČO');
    const lookUp = card.getByRole('button', { name: 'Načíst z ARES' });

    await ico.fill('12345678');
    await lookUp.click();
    await expect(card.getByRole('alert')).toHaveText(/Tohle IČO nesedí/);
    expect(ares.asked).toEqual([]);

    await ico.fill(ARES_FAULTS.notFound);
    await lookUp.click();
    await expect(card.getByRole('alert')).toHaveText(/V registru ARES jsme pod tímhle IČO nic/);
    await ico.fill(ARES_FAULTS.serverError);
    await lookUp.click();
    await expect(card.getByRole('alert')).toHaveText(/Registr ARES teď neodpovídá/);

    await ico.fill('261 68 685');
    await lookUp.click();
    const details = card.getByRole('region', { name: 'Údaje z ARES' });
    await expect(details).toContainText('Pekárna U Nováků s.r.o.');
    await expect(details).toContainText('Společnost s ručením omezeným');
    await expect(details).toContainText('10710');
    expect(await serious(page, 'main')).toEqual([]);
    await details.getByRole('button', { name: 'Použít tyto údaje' }).click();
    await expect(card.getByLabel('Forma podnikání')).toHaveValue('sro');
    await expect(card.getByLabel('Kraj, kde podnikáš')).toHaveValue('praha');
    await card.getByRole('button', { name: 'Uložit' }).click();
    await expect(card).toContainText('26168685 (Pekárna U Nováků s.r.o.)');
    expect(await storedProfile(page)).toMatchObject({
      ico: '26168685',
      legalForm: 'sro',
      region: 'praha',
      registry: { name: 'Pekárna U Nováků s.r.o.', nace: ['10710', '47240'] },
    });
  });
});
