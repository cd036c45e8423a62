import type { Locator, Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { createConfirmedAccount, PASSWORD, storedSession } from './accounts.ts';
import { toast } from './auth-ui.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './mailbox.ts';
import { SCREENS } from './screens.ts';

for (const locale of ['cs-CZ', 'en-US', 'de-DE', 'es-ES']) {
  test.describe(locale, () => {
    test.use({ locale });

    test('no serious or critical accessibility violations on any screen', async ({ page }) => {
      test.slow();
      for (const route of SCREENS) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
        expect(await serious(page), route).toEqual([]);
      }
    });
  });
}

/** The serious and critical violations on the page as it is now, one line each. */
async function serious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.nodes.length})`);
}

/** A toast, once fully faded in: a half-transparent one would be judged on a passing contrast. */
async function shown(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await expect(locator).toHaveCSS('opacity', '1');
}

/** What the states below look for, in each language they are checked in. */
const TEXTS = {
  'cs-CZ': {
    openMenu: 'Otevřít menu',
    signIn: 'Přihlásit se / Zaregistrovat se',
    loginTitle: 'Přihlášení',
    toSignup: 'Nemáš účet? Zaregistruj se',
    signupTitle: 'Registrace',
    password: 'Heslo',
    save: 'Uložit',
    emptyConversation: 'Konverzace je prázdná',
    addGoal: 'Přidat cíl',
    goalName: 'Název cíle',
    goalAdded: 'Cíl přidán',
    details: 'Údaje o účtu',
    security: 'Zabezpečení',
    secondFactorOff: 'Druhé ověření je vypnuté',
    profile: 'Můj profil',
  },
  'en-US': {
    openMenu: 'Open menu',
    signIn: 'Sign in / Sign up',
    loginTitle: 'Sign in',
    toSignup: 'No account yet? Sign up',
    signupTitle: 'Sign up',
    password: 'Password',
    save: 'Save',
    emptyConversation: 'The conversation is empty',
    addGoal: 'Add a goal',
    goalName: 'Goal name',
    goalAdded: 'Goal added',
    details: 'Account details',
    security: 'Security',
    secondFactorOff: 'Two-step verification is off',
    profile: 'My profile',
  },
} as const;

for (const [locale, text] of Object.entries(TEXTS)) {
  test.describe(`${locale}, in passing states`, () => {
    test.use({ locale });

    test('the open menu, the sign-in dialog in both modes and toasts have no serious violations', async ({
      page,
    }) => {
      await page.goto('/chat');
      await page.getByRole('button', { name: text.openMenu }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu.getByRole('button', { name: text.signIn })).toBeVisible();
      expect(await serious(page), 'the menu').toEqual([]);

      await menu.getByRole('button', { name: text.signIn }).click();
      const login = page.getByRole('dialog', { name: text.loginTitle });
      await expect(login.getByLabel(text.password, { exact: true })).toBeVisible();
      expect(await serious(page), 'the sign-in dialog').toEqual([]);
      await login.getByRole('button', { name: text.toSignup }).click();
      await expect(page.getByRole('dialog', { name: text.signupTitle })).toBeVisible();
      expect(await serious(page), 'the sign-up dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // An error toast (saving an empty conversation), then a success toast (a new goal).
      await page.getByRole('button', { name: text.save }).click();
      await shown(toast(page, text.emptyConversation));
      expect(await serious(page), 'an error toast').toEqual([]);
      await page.goto('/goals');
      await page.getByRole('button', { name: text.addGoal }).click();
      await page.getByRole('textbox', { name: text.goalName }).fill('Axe');
      await page.getByRole('textbox', { name: text.goalName }).press('Enter');
      await shown(toast(page, text.goalAdded));
      expect(await serious(page), 'a success toast').toEqual([]);
    });

    test('signed in: the goals, the profile and the account menu have no serious violations', async ({
      page,
      request,
      seedStorage,
    }) => {
      const email = uniqueEmail('axe');
      await createConfirmedAccount(request, email);
      await seedStorage('partak_auth', await storedSession(request, email, PASSWORD));

      await page.goto('/goals');
      // The account's goals, read from the server: a new account has none.
      await expect(page.getByRole('button', { name: text.addGoal })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(0);
      expect(await serious(page), '/goals').toEqual([]);

      await page.goto('/profil');
      await expect(page.getByRole('region', { name: text.details })).toContainText(email);
      await expect(page.getByRole('region', { name: text.security })).toContainText(
        text.secondFactorOff,
      );
      expect(await serious(page), '/profil').toEqual([]);

      await page.getByRole('button', { name: text.openMenu }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByText(email).click();
      await expect(page.getByRole('link', { name: text.profile })).toBeVisible();
      expect(await serious(page), 'the account menu').toEqual([]);
    });
  });
}
