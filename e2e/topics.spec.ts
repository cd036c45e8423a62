import { TOPIC_IDS } from '@partak/domain/topics';
import { expect, test } from './fixtures.ts';

test('topics: two groups, tabs by mouse and keyboard, library card', async ({ page }) => {
  await page.goto('/topics');
  const topicsTab = page.getByRole('tab', { name: 'Témata' });
  await expect(topicsTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 2, name: 'Podnikání' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Osobní růst' })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('link')).toHaveCount(TOPIC_IDS.length);

  await topicsTab.focus();
  await page.keyboard.press('ArrowRight');
  const libraryTab = page.getByRole('tab', { name: 'Knihovna' });
  await expect(libraryTab).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL('/topics?tab=library');
  await page.reload();
  await expect(libraryTab).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('link', { name: /Vzdělávací knihovna/ }).click();
  await expect(page).toHaveURL('/library');
  await page.getByRole('link', { name: 'Zpět na témata' }).click();
  await expect(page).toHaveURL('/topics?tab=library');

  await page.getByRole('tab', { name: 'Témata' }).click();
  await expect(page).toHaveURL('/topics');
  await page.getByRole('link', { name: /Prodej/ }).click();
  await expect(page).toHaveURL('/topic/sales');
});

test('a starter question opens the chat and becomes its first message', async ({ page }) => {
  await page.goto('/topic/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Prodej' })).toBeVisible();
  const questions = page.getByRole('region', { name: 'Na co se můžeš zeptat' }).getByRole('button');
  await expect(questions).toHaveCount(4);
  const question = (await questions.first().textContent()) ?? '';
  expect(question.length).toBeGreaterThan(10);
  await questions.first().click();
  await expect(page).toHaveURL('/chat');
  // The chat receives it as navigation state and sends it as the first message.
  await expect(page.getByRole('log').getByRole('listitem').first()).toContainText(question);
});

test('an unknown topic says so and leads back to the topics', async ({ page }) => {
  await page.goto('/topic/neexistuje');
  await expect(page.getByText('Téma nenalezeno').first()).toBeVisible();
  await page.getByRole('link', { name: 'Zpět na témata' }).click();
  await expect(page).toHaveURL('/topics');
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('topics and their questions are translated', async ({ page }) => {
    await page.goto('/topics');
    await expect(page.getByRole('tab', { name: 'Topics' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Business' })).toBeVisible();
    await page.getByRole('link', { name: /Sales/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Things you can ask' })).toBeVisible();
    await page.goto('/topic/nope');
    await expect(page.getByText('Topic not found').first()).toBeVisible();
  });
});
