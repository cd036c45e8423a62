import type { Page } from '@playwright/test';
import { startOpenAiPeer, type OpenAiPeer } from '../server/test/openai-peer.ts';
import { expect, test } from './fixtures.ts';
import { startOwnServer, type OwnServer } from './own-server.ts';

const box = (page: Page) => page.getByRole('textbox', { name: 'Tvoje zpráva' });
const log = (page: Page) => page.getByRole('log', { name: 'Konverzace' });
const reply = (page: Page) => log(page).locator(':scope > ol > li').nth(1);

async function ask(page: Page, question: string) {
  await box(page).fill(question);
  await box(page).press('Enter');
}

test('the library mentor answers with its sources; a link opens the article, a checklist becomes a goal', async ({
  page,
}) => {
  await page.goto('/chat');
  await ask(page, 'Zákazník mi už dva měsíce nezaplatil fakturu, co s tím?');
  await expect(reply(page)).toContainText('Z knihovny');
  await expect(reply(page)).toContainText('Dnes:');
  const sources = reply(page).getByRole('list', { name: 'Zdroje' });
  await expect(
    sources.getByRole('link', { name: /Fakturace: co musí být na faktuře/ }),
  ).toBeVisible();

  // A link inside the reply opens the article in the app's own reader.
  await reply(page)
    .locator('p, li')
    .getByRole('link', { name: /Fakturace: co musí být na faktuře/ })
    .first()
    .click();
  await expect(page).toHaveURL('/library/penize-dane-urady/fakturace');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Fakturace');
  await expect(page.getByText(/Čísla a termíny jsme naposledy ověřili \d/)).toBeVisible();

  // The article's checklist, offered as a goal, opens the goal form filled in.
  await page.goBack();
  await reply(page)
    .getByRole('button', { name: /Přidat jako cíl/ })
    .click();
  await expect(page).toHaveURL('/goals');
  await expect(page.getByLabel('Název cíle')).toHaveValue(/Fakturace: co musí být na faktuře/);
  await expect(page.getByText(/Cíl bude mít \d+ krok/)).toBeVisible();
  await page.getByRole('button', { name: 'Přidat', exact: true }).click();
  await expect(page.getByText(/0 ze? \d+ kroků? dokončeno/).first()).toBeVisible();
});

test.describe('with an AI model configured', () => {
  test.describe.configure({ mode: 'serial' });
  let peer: OpenAiPeer;
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(90_000); // a server of its own starts with a fresh database
    peer = await startOpenAiPeer();
    server = await startOwnServer({
      MENTOR_API_URL: peer.url,
      MENTOR_MODEL: 'peer-model',
      MENTOR_FIRST_TOKEN_TIMEOUT_MS: '3000',
      MENTOR_IDLE_TIMEOUT_MS: '5000',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await peer?.close();
  });

  test('a reply streams in piece by piece and Stop ends it, keeping what arrived', async ({
    page,
  }) => {
    peer.next({
      pieces: ['První kus. ', 'Druhý kus. ', 'Třetí kus. ', 'Čtvrtý kus.'],
      pieceDelayMs: 700,
    });
    await page.goto(`${server.url}/chat`);
    await ask(page, 'Jak nacenit svou práci?');
    await expect(reply(page)).toContainText('První kus.');
    await expect(reply(page)).not.toContainText('Čtvrtý kus.');
    const asked = peer.requests.length - 1;
    await page.getByRole('button', { name: 'Zastavit' }).click();
    // Stop reaches the model: the server ends its request there, so nothing more can arrive.
    await expect.poll(() => peer.requests[asked]?.abortedByClient).toBe(true);
    await expect(reply(page)).toContainText('První kus.');
    await expect(reply(page)).not.toContainText('Čtvrtý kus.');
    await expect(page.getByRole('button', { name: 'Zastavit' })).toHaveCount(0);
  });

  test('Markdown from the model renders, and HTML in it shows as text', async ({ page }) => {
    peer.next({
      pieces: [
        'Tady je **tučné**, ',
        'a tohle <script>window.hacked = 1</script>',
        ' <img src=x onerror="window.hacked = 2">',
      ],
    });
    await page.goto(`${server.url}/chat`);
    await ask(page, 'Ukaž mi formátování.');
    await expect(reply(page)).toContainText('AI');
    await expect(reply(page).locator('strong', { hasText: 'tučné' })).toBeVisible();
    await expect(reply(page)).toContainText('<script>window.hacked = 1</script>');
    await expect(reply(page).locator('img')).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { hacked?: number }).hacked),
    ).toBeUndefined();
  });

  test('when the model fails, the library answers, labelled as such', async ({ page }) => {
    peer.next({ status: 500 });
    const before = peer.requests.length;
    await page.goto(`${server.url}/chat`);
    await ask(page, 'Kdy se musím registrovat k DPH?');
    await expect(reply(page)).toContainText('Z knihovny');
    expect(peer.requests.length).toBe(before + 1); // the model was asked, and failed
    await expect(reply(page).getByRole('list', { name: 'Zdroje' })).toContainText('DPH');
  });
});

test('with the server stopped, the spec’s fixed message answers, labelled so', async ({
  page,
  expectConsole,
}) => {
  // A server of its own starts with a fresh database: slow when the other workers are busy.
  test.slow();
  const server = await startOwnServer();
  try {
    await page.goto(`${server.url}/chat`);
    await expect(box(page)).toBeVisible();
    await server.stop();
    expectConsole(/Failed to load resource|ERR_CONNECTION_REFUSED/);
    await ask(page, 'Jsi tam?');
    await expect(reply(page)).toContainText(
      /nemůžu spojit se serverem.*odpovím na ni, jakmile bude spojení zpátky/,
    );
    await expect(reply(page)).toContainText('Bez připojení');
  } finally {
    await server.stop();
  }
});
