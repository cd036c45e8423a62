import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const OFFLINE_REPLY = /nemůžu spojit se serverem.*odpovím na ni, jakmile bude spojení zpátky/;
const LIBRARY_LABEL = 'Z knihovny';
const box = (page: Page) => page.getByRole('textbox', { name: 'Tvoje zpráva' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Odeslat' });
const log = (page: Page) => page.getByRole('log', { name: 'Konverzace' });
/** The messages of the conversation (a reply may hold lists of its own). */
const messagesOf = (page: Page) => log(page).locator(':scope > ol > li');
/** Whether a click at the element's centre lands on it (nothing is laid over it). */
const isTopmost = (element: Element) => {
  const { x, y, width, height } = element.getBoundingClientRect();
  const hit = document.elementFromPoint(x + width / 2, y + height / 2);
  return hit !== null && element.contains(hit);
};
const saved = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('partak_saved_conversations') ?? '[]') as unknown[],
  );

test('a full chat: Enter sends, Shift+Enter breaks lines, typing dots, the reply, save, new', async ({
  page,
  expectConsole,
}) => {
  // The page's clock is driven by the test, so "the reply comes after a second" is exact. The
  // server cannot be reached here (the request is refused in the browser): the spec's fixed reply
  // answers instead, a second after sending.
  await page.clock.install({ time: new Date('2026-11-20T10:00:00') });
  await page.route('**/api/v1/chat', (route) => route.abort('connectionrefused'));
  expectConsole(/ERR_CONNECTION_REFUSED/);
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat s Parťákem' })).toBeVisible();
  await page.clock.pauseAt(new Date('2026-11-20T10:00:30'));
  await expect(page.locator('blockquote')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Na co se chceš zeptat?' })).toBeVisible();
  await expect(box(page)).toHaveAttribute('placeholder', 'Napiš svou zprávu…');
  await expect(sendButton(page)).toBeDisabled();
  await box(page).fill('   ');
  await expect(sendButton(page)).toBeDisabled();

  // Shift+Enter: a new line, nothing sent.
  await box(page).fill('');
  await box(page).pressSequentially('Ahoj');
  await box(page).press('Shift+Enter');
  await box(page).pressSequentially('Parťáku');
  await expect(box(page)).toHaveValue('Ahoj\nParťáku');
  await expect(log(page)).toHaveCount(0);

  await box(page).press('Enter');
  await expect(box(page)).toHaveValue('');
  const messages = messagesOf(page);
  await expect(messages).toHaveCount(1);
  await expect(messages.first()).toContainText('Ahoj');
  await expect(page.getByRole('status').filter({ hasText: 'Parťák píše…' })).toBeVisible();
  await box(page).fill('Další otázka');
  await expect(sendButton(page)).toBeDisabled();

  await page.clock.runFor(990);
  await expect(messages).toHaveCount(1);
  await page.clock.runFor(20);
  await expect(messages).toHaveCount(2);
  await page.clock.resume();
  await expect(messages.nth(1)).toContainText(OFFLINE_REPLY);
  await expect(messages.nth(1)).toContainText(/\d{1,2}:\d{2}/);
  await expect(page.getByRole('status').filter({ hasText: 'Parťák píše…' })).toHaveCount(0);
  await expect(sendButton(page)).toBeEnabled();

  await page.getByRole('button', { name: 'Uložit' }).click();
  await expect(page.getByText('Konverzace uložena')).toBeVisible();
  expect(await saved(page)).toHaveLength(1);
  await page.getByRole('button', { name: 'Uložit' }).click();
  expect(await saved(page), 'saving again updates, never duplicates').toHaveLength(1);

  await page.getByRole('button', { name: 'Nová' }).click();
  await expect(page.getByText('Nová konverzace')).toBeVisible();
  await expect(page.getByText('Začínáme znovu! Co tě zajímá?')).toBeVisible();
  await expect(log(page)).toHaveCount(0);
  await expect(box(page)).toHaveValue('Další otázka');
});

test('a question asked while the server cannot be reached is answered once it is back', async ({
  page,
  expectConsole,
}) => {
  await page.route('**/api/v1/chat', (route) => route.abort('connectionrefused'));
  expectConsole(/ERR_CONNECTION_REFUSED/);
  await page.goto('/chat');
  await box(page).fill('Kolik si mám účtovat za hodinu?');
  await box(page).press('Enter');
  const messages = messagesOf(page);
  await expect(messages.nth(1)).toContainText(OFFLINE_REPLY);
  await expect(messages.nth(1)).toContainText('Bez připojení');

  // The connection comes back: the chat finds the server and asks the question again.
  await page.unroute('**/api/v1/chat');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(messages.nth(1)).toContainText(LIBRARY_LABEL);
  await expect(messages.nth(1)).not.toContainText(OFFLINE_REPLY);
  await expect(messages).toHaveCount(2);
});

test('what is typed into the prerendered box before the app starts is kept and sent', async ({
  page,
}) => {
  // The app's entry script is held back: the prerendered page is all there is meanwhile.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/chat', { waitUntil: 'domcontentloaded' });
  await box(page).fill('Jak najdu první zákazníky?');
  await expect(sendButton(page)).toBeDisabled();
  release();

  // The app has taken over when its button knows about the text.
  await expect(sendButton(page)).toBeEnabled();
  await expect(box(page)).toHaveValue('Jak najdu první zákazníky?');
  await box(page).press('Enter');
  await expect(messagesOf(page).first()).toContainText('Jak najdu první zákazníky?');
  await expect(box(page)).toHaveValue('');
});

test('saving an empty conversation says so', async ({ page }) => {
  await page.goto('/chat');
  await page.getByRole('button', { name: 'Uložit' }).click();
  await expect(page.getByText('Konverzace je prázdná')).toBeVisible();
  await expect(page.getByText('Nejprve si popovídej s AI, pak můžeš uložit.')).toBeVisible();
  expect(await saved(page)).toHaveLength(0);
});

test('a suggested prompt is sent when chosen', async ({ page }) => {
  await page.goto('/chat');
  await page.getByRole('button', { name: 'Jak získat víc zákazníků?' }).click();
  await expect(messagesOf(page).first()).toContainText('Jak získat víc zákazníků?');
  await expect(messagesOf(page)).toHaveCount(2, { timeout: 3000 });
});

test('the message box grows from 60 to 120 px, then scrolls', async ({ page }) => {
  await page.goto('/chat');
  const height = () => box(page).evaluate((el) => el.getBoundingClientRect().height);
  expect(await height()).toBeCloseTo(60, 0);
  await box(page).fill('řádek\n'.repeat(3));
  const middle = await height();
  expect(middle).toBeGreaterThan(60);
  await box(page).fill('řádek\n'.repeat(20));
  expect(await height()).toBeCloseTo(120, 0);
  expect(await box(page).evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');
});

test('a question from a topic is sent once, not again on reload or back and forward', async ({
  page,
}) => {
  await page.goto('/topic/focus');
  const question = page
    .getByRole('region', { name: 'Na co se můžeš zeptat' })
    .getByRole('button')
    .first();
  const text = (await question.textContent()) ?? '';
  await question.click();
  await expect(page).toHaveURL('/chat');
  const messages = messagesOf(page);
  await expect(messages.first()).toContainText(text);
  await expect(messages).toHaveCount(2, { timeout: 3000 });

  await page.reload();
  await expect(messages).toHaveCount(2);
  await page.goBack();
  await expect(page).toHaveURL('/topic/focus');
  await page.goForward();
  await expect(page).toHaveURL('/chat');
  await expect(messages).toHaveCount(2);
  await page.waitForTimeout(1500);
  await expect(messages).toHaveCount(2);
});

test('the conversation in progress survives a reload, even mid-reply', async ({ page }) => {
  // The first reply never comes (the reload cuts it off); the one asked after the reload does.
  let asked = 0;
  await page.route('**/api/v1/chat', async (route) => {
    asked += 1;
    if (asked > 1) await route.fallback();
  });
  await page.goto('/chat');
  await box(page).fill('Nezapomeň na mě');
  await box(page).press('Enter');
  await expect.poll(() => asked).toBe(1);
  await expect(page.getByRole('status').filter({ hasText: 'Parťák píše…' })).toHaveCount(1);
  await page.reload();
  const messages = messagesOf(page);
  await expect(messages.first()).toContainText('Nezapomeň na mě');
  await expect(messages).toHaveCount(2, { timeout: 3000 });
  await expect(messages.nth(1)).toContainText(LIBRARY_LABEL);
  expect(asked).toBe(2);
});

test('a saved conversation is listed, reopened and continued', async ({ page }) => {
  // Without motion the toast is in its place at once, so what it covers can be checked.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/chat');
  await box(page).fill('Jak si stanovit cenu za grafické práce, když teprve začínám?');
  await box(page).press('Enter');
  await expect(messagesOf(page)).toHaveCount(2, { timeout: 3000 });
  await page.getByRole('button', { name: 'Uložit' }).click();
  await expect(page.getByText('Konverzace uložena')).toBeVisible();
  // The toast shows over the app's header: the chat's own actions stay within reach.
  const history = page.getByRole('link', { name: 'Historie konverzací' });
  expect(await history.evaluate(isTopmost)).toBe(true);

  await history.click();
  await expect(page).toHaveURL('/history');
  const entry = page.getByRole('button', { name: /^Jak si stanovit cenu/ });
  await expect(entry).toContainText('2 zprávy');
  await entry.click();
  await expect(page).toHaveURL('/chat');
  await expect(messagesOf(page)).toHaveCount(2);

  await box(page).fill('A co slevy pro první zákazníky?');
  await box(page).press('Enter');
  await expect(messagesOf(page)).toHaveCount(4, { timeout: 3000 });
  await page.getByRole('button', { name: 'Uložit' }).click();
  const list = (await saved(page)) as { messages: unknown[] }[];
  expect(list).toHaveLength(1);
  expect(list[0]?.messages).toHaveLength(4);
});

test('history: empty state, delete with undo, and reached from the menu', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Otevřít menu' }).click();
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('link', { name: 'Historie konverzací' })
    .click();
  await expect(page).toHaveURL('/history');
  await expect(
    page.getByText('Zatím nemáš žádné konverzace. Začni chatovat s Parťákem!'),
  ).toBeVisible();

  await page.goto('/chat');
  await box(page).fill('Smaž mě a vrať mě');
  await box(page).press('Enter');
  await expect(messagesOf(page)).toHaveCount(2, { timeout: 3000 });
  await page.getByRole('button', { name: 'Uložit' }).click();
  await page.goto('/history');
  await page.getByRole('button', { name: 'Smazat konverzaci Smaž mě a vrať mě' }).click();
  await expect(page.getByText('Konverzace smazána')).toBeVisible();
  await expect(page.getByText('Zatím nemáš žádné konverzace.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Vrátit zpět' }).click();
  await expect(page.getByRole('button', { name: /Smaž mě a vrať mě/ }).first()).toBeVisible();
  expect(await saved(page)).toHaveLength(1);
});

test('clearing history in settings empties the history', async ({ page }) => {
  await page.goto('/chat');
  await box(page).fill('Uložená otázka');
  await box(page).press('Enter');
  await expect(messagesOf(page)).toHaveCount(2, { timeout: 3000 });
  await page.getByRole('button', { name: 'Uložit' }).click();
  await page.goto('/history');
  await expect(page.getByRole('button', { name: /^Uložená otázka/ })).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Smazat historii' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ano, smazat' }).click();
  await page.goto('/history');
  await expect(
    page.getByText('Zatím nemáš žádné konverzace. Začni chatovat s Parťákem!'),
  ).toBeVisible();
});

test('a corrupted saved value breaks neither the history nor the chat', async ({
  page,
  seedStorage,
}) => {
  await seedStorage(
    'partak_saved_conversations',
    '[{"id":1,"timestamp":"2026-11-01T10:00:00Z","messages":[{"role":"user","content":"Přežiju","timestamp":"2026-11-01T10:00:00Z"}]},{"id":"x"',
  );
  await page.goto('/history');
  await expect(page.getByText(/nepodařilo přečíst/)).toBeVisible();
  await expect(
    page.getByText('Zatím nemáš žádné konverzace. Začni chatovat s Parťákem!'),
  ).toBeVisible();
  const backups = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('partak_saved_conversations.backup-')),
  );
  expect(backups).toHaveLength(1);

  await page.goto('/chat');
  await box(page).fill('Funguje to?');
  await box(page).press('Enter');
  await expect(messagesOf(page)).toHaveCount(2, { timeout: 3000 });
  await page.getByRole('button', { name: 'Uložit' }).click();
  await expect(page.getByText('Konverzace uložena')).toBeVisible();
  await page.goto('/history');
  await expect(page.getByRole('button', { name: /^Funguje to\?/ })).toBeVisible();
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });
  test('the mentor answers in German', async ({ page }) => {
    await page.goto('/chat');
    const input = page.getByRole('textbox', { name: 'Deine Nachricht' });
    await input.fill('Hallo');
    await input.press('Enter');
    const messages = page.getByRole('log').locator(':scope > ol > li');
    await expect(messages).toHaveCount(2, { timeout: 3000 });
    await expect(messages.nth(1)).toContainText('Hallo! Ich bin Parťák');
    await expect(messages.nth(1)).toContainText('Aus der Bibliothek');
  });
});
