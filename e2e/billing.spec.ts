import type { Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { startStripePeer, type StripePeer } from '../server/test/stripe-peer.ts';
import { PASSWORD } from './accounts.ts';
import { toast } from './auth-ui.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './mailbox.ts';
import { startOwnServer, type OwnServer } from './own-server.ts';

const STRIPE_KEY = 'sk_test_e2e';
const WEBHOOK_SECRET = 'whsec_e2e';

/** "29. listopadu 2026", as the app writes a day in Czech. */
const czechDay = (seconds: number) =>
  new Intl.DateTimeFormat('cs-CZ', { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(seconds * 1000),
  );

/** The serious and critical accessibility violations on the page, one line each. */
async function serious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
}

test.describe('buying Premium through Stripe Checkout (a local Stripe peer)', () => {
  test.describe.configure({ mode: 'serial' });
  let stripe: StripePeer;
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(90_000); // a server of its own starts with a fresh database
    stripe = await startStripePeer({
      secretKey: STRIPE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      prices: [{ id: 'price_czk', currency: 'czk', unit_amount: 59900 }],
    });
    server = await startOwnServer({
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_CZK: 'price_czk',
      STRIPE_API_URL: stripe.url,
      AUTH_AUTOCONFIRM: 'true',
      // As on the shared server: the profile's connected apps are read from it.
      AUTH_OAUTH_SERVER_ENABLED: 'true',
    });
    stripe.setWebhookUrl(`${server.url}/api/v1/billing/webhook`);
  });
  test.afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  test('a visitor taps the trial, signs in, pays at checkout, sees the trial’s end, cancels and resumes', async ({
    page,
    request,
    expectConsole,
  }) => {
    // Chromium logs the profile's read of a business profile this new account has not made yet.
    expectConsole(/status of 404 \(Not Found\)/);
    const email = uniqueEmail('premium');
    const { anonKey } = (await (await request.get(`${server.url}/api/v1/config`)).json()) as {
      anonKey: string;
    };
    const signup = await request.post(`${server.url}/auth/v1/signup`, {
      headers: { apikey: anonKey },
      data: { email, password: PASSWORD },
    });
    expect(signup.status()).toBe(200);

    await page.goto(`${server.url}/subscription`);
    await expect(page.getByRole('table', { name: 'Co máš zdarma a co s Premium' })).toBeVisible();
    expect(await serious(page)).toEqual([]);
    await page.getByRole('button', { name: 'Vyzkoušet 3 dny zdarma' }).click();

    const dialog = page.getByRole('dialog', { name: 'Přihlášení' });
    await dialog.getByLabel('E-mail', { exact: true }).fill(email);
    await dialog.getByLabel('Heslo', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Přihlásit se', exact: true }).click();

    // Signed in, the app goes on to Stripe's hosted checkout (the peer's page).
    await page.waitForURL(`${stripe.url}/c/pay/**`);
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(`${server.url}/subscription**`);
    const subscription = [...stripe.subscriptions.values()].at(-1);
    const trialEnd = czechDay(subscription?.trial_end ?? 0);
    await expect(page.getByRole('heading', { name: `Zkušební doba do ${trialEnd}` })).toBeVisible();
    await expect(toast(page, 'Vítej v Premium!')).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/subscription`);

    // In the account settings: cancel (after a confirmation), then resume.
    await page.goto(`${server.url}/profil`);
    const section = page.getByRole('region', { name: 'Předplatné' });
    await expect(section).toContainText(`Zkušební doba do ${trialEnd}`);
    await section.getByRole('button', { name: 'Zrušit předplatné' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Zrušit předplatné?' });
    await expect(confirm).toContainText(`Premium ti zůstane do ${trialEnd}`);
    await confirm.getByRole('button', { name: 'Zrušit předplatné' }).click();
    await expect(section.getByRole('heading', { name: `Zrušeno k ${trialEnd}` })).toBeVisible();
    expect(subscription && stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(
      true,
    );

    await section.getByRole('button', { name: 'Obnovit' }).click();
    await expect(
      section.getByRole('heading', { name: `Zkušební doba do ${trialEnd}` }),
    ).toBeVisible();
    await expect(section.getByRole('button', { name: 'Zrušit předplatné' })).toBeVisible();
    expect(subscription && stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(
      false,
    );
  });
});
