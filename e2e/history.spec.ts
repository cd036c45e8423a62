import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The saved times below read as Prague time, wherever the tests run.
test.use({ timezoneId: 'Europe/Prague' });

const box = (page: Page) => page.getByRole('textbox', { name: 'Tvoje zpráva' });
const messagesOf = (page: Page) =>
  page.getByRole('log', { name: 'Konverzace' }).locator(':scope > ol > li');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Hledat v konverzacích' });
const entries = (page: Page) => page.getByRole('main').getByRole('listitem');

async function askAndSave(page: Page, question: string) {
  // One "saved" toast at a time, so the one awaited below is this save's.
  await expect(page.getByText('Konverzace uložena')).toHaveCount(0, { timeout: 10_000 });
  await box(page).fill(question);
  await box(page).press('Enter');
  await expect(messagesOf(page)).toHaveCount(2, { timeout: 5000 });
  await page.getByRole('button', { name: 'Uložit' }).click();
  await expect(page.getByText('Konverzace uložena')).toBeVisible();
}

/** A saved conversation as the app keeps it: a question and a reply citing one article. */
function savedConversation(n: number, question: string, reply: string, title?: string) {
  const at = new Date(Date.UTC(2026, 10, 20 + n, 9, 30)).toISOString();
  return {
    id: `3f6c1a52-8d4e-4b7a-9c1e-00000000000${n}`,
    ...(title ? { title } : {}),
    createdAt: at,
    updatedAt: at,
    messages: [
      { role: 'user', content: question, timestamp: at },
      {
        role: 'assistant',
        content: reply,
        timestamp: at,
        mentor: 'library',
        sources: [
          { url: '/library/penize-dane-urady/fakturace', title: 'Fakturace a placení včas' },
        ],
      },
    ],
  };
}

const seeded = JSON.stringify([
  savedConversation(2, 'Jak nacenit logo pro *kavárnu*?', 'Spočítej si **hodiny** a přidej marži.'),
  savedConversation(1, 'Kde najdu první zákazníky?', 'Zeptej se nejdřív známých.', 'Zákazníci'),
]);

test('two conversations saved in the chat: a search without diacritics narrows them, and stays after a reload', async ({
  page,
}) => {
  await page.goto('/chat');
  await askAndSave(page, 'Zákazník mi už dva měsíce nezaplatil fakturu, co s tím?');
  await page.getByRole('button', { name: 'Nová' }).click();
  await askAndSave(page, 'Jak si udržet motivaci, když se nedaří?');

  await page.goto('/history');
  await expect(entries(page)).toHaveCount(2);
  await search(page).fill('DVA MESICE');
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText('Zákazník mi už dva měsíce nezaplatil');
  await expect(page).toHaveURL('/history?q=DVA+MESICE');

  await page.reload();
  await expect(search(page)).toHaveValue('DVA MESICE');
  await expect(entries(page)).toHaveCount(1);

  await search(page).fill('motivaci nezaplatil');
  await expect(page.getByText('Hledání „motivaci nezaplatil“ neodpovídá žádná')).toBeVisible();
  await expect(entries(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Zrušit hledání' }).click();
  await expect(entries(page)).toHaveCount(2);
  await expect(search(page)).toBeFocused();
  await expect(page).toHaveURL('/history');
});

test('renaming: the new title shows, is kept after a reload, and a blank one gives the question back', async ({
  page,
  seedStorage,
}) => {
  await seedStorage('partak_saved_conversations', seeded);
  await page.goto('/history');
  await page.getByRole('button', { name: 'Přejmenovat konverzaci Jak nacenit logo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Přejmenovat konverzaci' });
  const field = dialog.getByRole('textbox', { name: 'Název' });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Jak nacenit logo pro *kavárnu*?');
  await field.fill('  Ceník pro kavárnu 2027  ');
  await dialog.getByRole('button', { name: 'Uložit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Konverzace přejmenována')).toBeVisible();
  // Focus is back on the Rename button, now named with the new title.
  await expect(
    page.getByRole('button', { name: 'Přejmenovat konverzaci Ceník pro kavárnu 2027' }),
  ).toBeFocused();

  await page.reload();
  await expect(entries(page).first()).toContainText('Ceník pro kavárnu 2027');
  await search(page).fill('cenik');
  await expect(entries(page)).toHaveCount(1);

  // Escape closes without a change; a blank title brings back the first question.
  await search(page).fill('');
  await page.getByRole('button', { name: 'Přejmenovat konverzaci Zákazníci' }).click();
  await field.fill('Jinak');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('button', { name: 'Přejmenovat konverzaci Zákazníci' }),
  ).toBeFocused();
  await page.getByRole('button', { name: 'Přejmenovat konverzaci Zákazníci' }).click();
  await field.fill('');
  await field.press('Enter');
  await expect(entries(page).nth(1)).toContainText('Kde najdu první zákazníky?');
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('partak_saved_conversations') ?? '[]'),
  );
  expect(stored.map((c: { title?: string }) => c.title)).toEqual([
    'Ceník pro kavárnu 2027',
    undefined,
  ]);
});

test('a conversation downloads as a Markdown file with its title, date, messages and sources', async ({
  page,
  seedStorage,
}) => {
  await seedStorage('partak_saved_conversations', seeded);
  await page.goto('/history');
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('button', {
      name: 'Stáhnout konverzaci Jak nacenit logo pro *kavárnu*? jako Markdown',
    })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('jak-nacenit-logo-pro-kavarnu.md');
  const markdown = await readFile(await download.path(), 'utf8');
  const origin = new URL(page.url()).origin;
  expect(markdown).toBe(
    [
      '# Jak nacenit logo pro \\*kavárnu\\*?',
      'Uloženo 22. 11. 2026 10:30',
      '**Ty:** Jak nacenit logo pro \\*kavárnu\\*?',
      '**Parťák:** Spočítej si **hodiny** a přidej marži.',
      'Zdroje:',
      `- [Fakturace a placení včas](${origin}/library/penize-dane-urady/fakturace)\n`,
    ].join('\n\n'),
  );
});

test('the list, its search and the rename dialog are accessible, with 44 px actions', async ({
  page,
  seedStorage,
}) => {
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.nodes.length})`);
  await seedStorage('partak_saved_conversations', seeded);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/history?q=zakaznik');
  await expect(entries(page)).toHaveCount(1);
  for (const name of [/^Přejmenovat konverzaci/, /^Stáhnout konverzaci/, /^Smazat konverzaci/]) {
    const box = await entries(page).getByRole('button', { name }).boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
  expect(await serious()).toEqual([]);
  await page.getByRole('button', { name: 'Přejmenovat konverzaci Zákazníci' }).click();
  await expect(page.getByRole('dialog', { name: 'Přejmenovat konverzaci' })).toBeVisible();
  expect(await serious()).toEqual([]);
});
