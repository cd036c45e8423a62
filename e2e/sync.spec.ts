import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  createConfirmedAccount,
  PASSWORD,
  signInWithPassword,
  signOutFromMenu,
} from './accounts.ts';
import { openMenu, toast } from './auth-ui.ts';
import { expect, test, waitForTheAppOnNavigation } from './fixtures.ts';
import { uniqueEmail } from './mailbox.ts';

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const PENDING = 'Čeká na synchronizaci';

async function addGoal(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Přidat cíl' }).click();
  const input = page.getByRole('textbox', { name: 'Název cíle' });
  await input.fill(title);
  await input.press('Enter');
  await expect(card(page, title)).toBeVisible();
}

async function signIn(page: Page, email: string): Promise<void> {
  await signInWithPassword(page, email);
  await expect(toast(page, 'Přihlášení proběhlo úspěšně')).toBeVisible();
}

/** A new account, signed in on `page`, which then shows the goals. */
async function signedInOnGoals(page: Page, request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  await createConfirmedAccount(request, email);
  await page.goto('/');
  await signIn(page, email);
  await openGoals(page);
  return email;
}

/** The goals screen, once it shows the account's goals (read from the server). */
async function openGoals(page: Page): Promise<void> {
  await page.goto('/goals');
  await expect(page.getByRole('button', { name: 'Přidat cíl' })).toBeVisible();
}

/** The keys of the account copies the sync keeps in this browser's IndexedDB (idb-keyval). */
function syncKeysInThisBrowser(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open('keyval-store');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const keys = opening.result.transaction('keyval').objectStore('keyval').getAllKeys();
          keys.onerror = () => reject(keys.error);
          keys.onsuccess = () =>
            resolve(keys.result.map(String).filter((key) => key.startsWith('partak-sync:')));
        };
      }),
  );
}

/** A second device: a browser context of its own, signed into the same account. */
async function secondDevice(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'cs-CZ' });
  const page = waitForTheAppOnNavigation(await context.newPage());
  await page.goto('/');
  await signIn(page, email);
  return page;
}

test.describe('an account carries its data between devices', () => {
  // Two browsers, sign-ins and password hashes: more than most journeys on two busy cores.
  test.slow();

  test('goals and a conversation made signed out join the account and reach a second device', async ({
    page,
    browser,
    request,
  }) => {
    const email = uniqueEmail('merge');
    await createConfirmedAccount(request, email);
    await page.goto('/goals');
    await addGoal(page, 'Otevřít e-shop se svíčkami');
    await page.goto('/chat');
    await page.getByRole('textbox', { name: 'Tvoje zpráva' }).fill('Jak nacenit svíčky?');
    await page.getByRole('textbox', { name: 'Tvoje zpráva' }).press('Enter');
    await expect(page.getByRole('log').locator(':scope > ol > li')).toHaveCount(2, {
      timeout: 5000,
    });
    await page.getByRole('button', { name: 'Uložit' }).click();

    await signIn(page, email);
    await expect(toast(page, 'Tvoje data jsou teď v účtu', '1 konverzaci')).toBeVisible();

    const other = await secondDevice(browser, email);
    await other.goto('/goals');
    await expect(card(other, 'Otevřít e-shop se svíčkami')).toBeVisible();
    await other.goto('/history');
    await expect(other.getByRole('button', { name: /^Jak nacenit svíčky/ })).toBeVisible();

    // Signing in again on the first browser adds nothing twice.
    await page.goto('/goals');
    await expect(card(page, 'Otevřít e-shop se svíčkami')).toHaveCount(1);
    await other.context().close();
  });

  test('a weekly review made signed in is kept in the account and shows on a second device', async ({
    page,
    browser,
    request,
  }) => {
    const email = await signedInOnGoals(page, request, 'review');
    await addGoal(page, 'Získat první zakázku');
    await page.goto('/review');
    await page.getByLabel(/Na co se příští týden zaměříš/).fill('Obvolat pět známých');
    await page.getByRole('radio', { name: 'Přidat ho jako další krok cíle' }).check();
    await page
      .getByRole('combobox', { name: 'Cíl' })
      .selectOption({ label: 'Získat první zakázku' });
    await page.getByRole('button', { name: 'Uložit ohlédnutí' }).click();
    await expect(page.getByText('Cíl „Získat první zakázku“ má o krok víc.')).toBeVisible();

    const other = await secondDevice(browser, email);
    await other.goto('/review');
    await expect(other.getByRole('heading', { name: 'Tento týden máš za sebou' })).toBeVisible();
    await expect(other.getByText('Obvolat pět známých')).toBeVisible();
    await expect(other.getByText('1 týden v řadě.')).toBeVisible();
    await other.goto('/goals');
    await expect(card(other, 'Získat první zakázku')).toContainText('0 ze 6 kroků dokončeno');
    await other.context().close();
  });

  test('a step made offline waits, marked, and reaches the other device once online', async ({
    page,
    browser,
    request,
    expectConsole,
  }) => {
    // Whatever the app asks for while offline fails in the browser, as it should.
    expectConsole(/ERR_INTERNET_DISCONNECTED/);
    const email = await signedInOnGoals(page, request, 'offline');
    await addGoal(page, 'Napsat deset nabídek');
    const goal = card(page, 'Napsat deset nabídek');
    await expect(goal.getByText(PENDING)).toBeHidden();

    await page.context().setOffline(true);
    await goal.getByRole('button', { name: /Přidat hotový krok/ }).click();
    await expect(goal).toContainText('1 z 5 kroků dokončeno');
    await expect(goal.getByText(PENDING)).toBeVisible();
    // Away and back while still offline: the goals read from this browser's copy.
    await page.getByRole('link', { name: 'Domů' }).click();
    await page.getByRole('link', { name: 'Cíle' }).click();
    await expect(goal).toContainText('1 z 5 kroků dokončeno');
    await expect(goal.getByText(PENDING)).toBeVisible();

    await page.context().setOffline(false);
    await expect(goal.getByText(PENDING)).toBeHidden();
    await expect(goal).toContainText('1 z 5 kroků dokončeno');

    const other = await secondDevice(browser, email);
    await other.goto('/goals');
    await expect(card(other, 'Napsat deset nabídek')).toContainText('1 z 5 kroků dokončeno');

    // A change on one device shows on the other after a refresh.
    await card(other, 'Napsat deset nabídek')
      .getByRole('button', { name: /Přidat hotový krok/ })
      .click();
    await expect(card(other, 'Napsat deset nabídek').getByText(PENDING)).toBeHidden();
    await page.reload();
    await expect(card(page, 'Napsat deset nabídek')).toContainText('2 z 5 kroků dokončeno');
    await other.context().close();
  });

  test('changes made offline in two tabs both arrive, though one tab closed before going online', async ({
    page,
    browser,
    request,
    expectConsole,
  }) => {
    expectConsole(/ERR_INTERNET_DISCONNECTED/);
    const email = await signedInOnGoals(page, request, 'two-tabs');
    const tab = waitForTheAppOnNavigation(await page.context().newPage());
    await openGoals(tab);

    await page.context().setOffline(true);
    await addGoal(page, 'Z první karty');
    await addGoal(tab, 'Z druhé karty');
    await expect(card(page, 'Z druhé karty').getByText(PENDING)).toBeVisible();
    await tab.close();
    await page.context().setOffline(false);
    await expect(card(page, 'Z první karty').getByText(PENDING)).toBeHidden();
    await expect(card(page, 'Z druhé karty').getByText(PENDING)).toBeHidden();

    const other = await secondDevice(browser, email);
    await other.goto('/goals');
    await expect(card(other, 'Z první karty')).toBeVisible();
    await expect(card(other, 'Z druhé karty')).toBeVisible();
    await other.context().close();
  });

  test('export downloads the data; deleting the account signs out for good', async ({
    page,
    request,
    expectConsole,
  }) => {
    // A wrong password (twice: deleting, then signing in to the deleted account) and the ended
    // session's last requests are refused, as they should be.
    expectConsole(/status of 40[03]/);
    const email = await signedInOnGoals(page, request, 'leaving');
    await addGoal(page, 'Zkusit trhy v Brně');
    await expect(card(page, 'Zkusit trhy v Brně').getByText(PENDING)).toBeHidden();

    await page.goto('/profil');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Stáhnout moje data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^partak-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      user: { email: string };
      goals: { title: string }[];
    };
    expect(exported.user.email).toBe(email);
    expect(exported.goals.map((goal) => goal.title)).toContain('Zkusit trhy v Brně');

    await page.getByRole('button', { name: 'Smazat účet' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Opravdu smazat účet?' });
    await expect(confirm).toContainText(email);
    await confirm.getByLabel('Tvoje heslo').fill('spatne-heslo');
    await confirm.getByRole('button', { name: 'Smazat účet natrvalo' }).click();
    await expect(confirm.getByRole('alert')).toHaveText('Nesprávný e-mail nebo heslo.');
    await confirm.getByLabel('Tvoje heslo').fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Smazat účet natrvalo' }).click();
    await expect(toast(page, 'Účet je smazaný')).toBeVisible();
    await expect(page).toHaveURL('/');
    const menu = await openMenu(page);
    await expect(
      menu.getByRole('button', { name: 'Přihlásit se / Zaregistrovat se' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    await signInWithPassword(page, email);
    await expect(toast(page, 'Chyba', 'Nesprávný e-mail nebo heslo.')).toBeVisible();
  });

  test('signing out while the account’s data is still arriving keeps none of it in this browser', async ({
    page,
    request,
  }) => {
    const email = await signedInOnGoals(page, request, 'signout-race');
    await addGoal(page, 'Soukromý plán na zimu');
    await expect(card(page, 'Soukromý plán na zimu').getByText(PENDING)).toBeHidden();

    // The next fresh copy of the account, on a page of its own (nothing of this one in flight):
    // the server answers its last request (the saved conversations), but the answer is held back
    // until the user has signed out.
    await page.goto('about:blank');
    let signedOut!: () => void;
    const afterSignOut = new Promise<void>((resolve) => (signedOut = resolve));
    await page.route('**/api/v1/conversations?*', async (route) => {
      const response = await route.fetch();
      await afterSignOut;
      await route.fulfill({ response }).catch(() => undefined);
    });
    const held = page.waitForRequest('**/api/v1/conversations?*');
    await page.goto('/goals');
    await held;
    // Waited for from here: the request is held until after the sign-out, so it cannot end sooner
    // (waiting from before the navigation left too little of a fixed timeout on a busy machine).
    const ended = page.waitForEvent('requestfailed', (failed) =>
      failed.url().includes('/api/v1/conversations'),
    );
    await signOutFromMenu(page, email);
    signedOut();

    // The page ended the request when the user signed out (no 401 after the session is gone),
    // so the answer never reaches the app: nothing of the account is kept here.
    expect((await ended).failure()?.errorText).toBe('net::ERR_ABORTED');
    expect(await syncKeysInThisBrowser(page)).toEqual([]);
    await openGoals(page);
    await expect(card(page, 'Soukromý plán na zimu')).toHaveCount(0);
  });
});
