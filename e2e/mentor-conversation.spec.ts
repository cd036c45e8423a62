import type { Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';

/** The serious and critical accessibility violations on the page as it is now. */
async function serious(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.nodes.length})`);
}

/** The chat in one language: its message box and its conversation, named as the app names them. */
const CHAT = {
  cs: { box: 'Tvoje zpráva', log: 'Konverzace', choices: 'Vyber, co tě zajímá', today: 'Dnes:' },
  en: { box: 'Your message', log: 'Conversation', choices: 'Pick what you mean', today: 'Today:' },
} as const;

async function ask(page: Page, language: keyof typeof CHAT, question: string) {
  const box = page.getByRole('textbox', { name: CHAT[language].box });
  await box.fill(question);
  await box.press('Enter');
}

const replies = (page: Page, language: keyof typeof CHAT) =>
  page.getByRole('log', { name: CHAT[language].log }).locator(':scope > ol > li');

for (const [language, vague, firstChoiceAnswer] of [
  ['cs', 'pomoz mi s podnikáním', /Dnes:/],
  ['en', 'help me with my business', /Today:/],
] as const) {
  test(`a vague question gets choices to tap, and a tapped choice is answered (${language})`, async ({
    page,
    storeLanguage,
  }) => {
    await storeLanguage(language);
    await page.goto('/chat');
    await ask(page, language, vague);
    const clarifying = replies(page, language).nth(1);
    const choices = clarifying.getByRole('list', { name: CHAT[language].choices });
    await expect(choices).toBeVisible();
    expect(await choices.getByRole('button').count()).toBeGreaterThanOrEqual(2);
    expect(await serious(page), 'the choices').toEqual([]);
    const choice = choices.getByRole('button').first();
    const text = (await choice.textContent()) ?? '';
    await choice.click();
    // The choice is sent as the user's message, and answered with a written answer.
    await expect(replies(page, language).nth(2)).toContainText(text);
    await expect(replies(page, language).nth(3)).toContainText(firstChoiceAnswer);
    // The old choices are gone once the conversation moved on.
    await expect(clarifying.getByRole('list', { name: CHAT[language].choices })).toHaveCount(0);
    // Focus is back in the message box, to go on typing.
    await expect(page.getByRole('textbox', { name: CHAT[language].box })).toBeFocused();
  });
}

for (const [language, message, title, call] of [
  ['cs', 'Někdy si říkám, že bych nejradši umřel', 'Pomoc hned teď', 'Zavolat 116 123'],
  ['en', "I don't want to be alive anymore", 'Help right now', 'Call 116 123'],
] as const) {
  test(`a person in crisis gets a card with the helplines to call (${language})`, async ({
    page,
    storeLanguage,
  }) => {
    await storeLanguage(language);
    await page.goto('/chat');
    await ask(page, language, message);
    const card = replies(page, language).nth(1).getByRole('region', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: new RegExp(call) })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    await expect(card.getByRole('link', { name: /112/ })).toHaveAttribute('href', 'tel:112');
    expect(await serious(page), 'the crisis card').toEqual([]);
    // No coaching and no articles in a crisis.
    await expect(replies(page, language).nth(1)).not.toContainText(CHAT[language].today);
    await expect(
      replies(page, language)
        .nth(1)
        .getByRole('list', { name: /Zdroje|Sources/ }),
    ).toHaveCount(0);
  });
}
