import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const summary = (page: Page, label: string) =>
  page.locator('dl > div').filter({ hasText: label }).locator('dd');

test('a new user starts with the two seed goals', async ({ page }) => {
  await page.goto('/goals');
  await expect(card(page, 'Získat 10 prvních klientů')).toContainText('4 z 10 kroků dokončeno');
  await expect(card(page, 'Získat 10 prvních klientů')).toContainText('40 %');
  await expect(card(page, 'Spustit první reklamní kampaň')).toContainText('3 z 5 kroků dokončeno');
  await expect(summary(page, 'Aktivních cílů')).toHaveText('2');
  await expect(summary(page, 'Splněných cílů')).toHaveText('0');
});

test('goals: add, step up to done, step down, delete — with every toast and disabled state', async ({
  page,
}) => {
  await page.goto('/goals');
  await page.getByRole('button', { name: 'Přidat cíl' }).click();
  const input = page.getByRole('textbox', { name: 'Název cíle' });
  await input.fill('   ');
  await input.press('Enter');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(input).toBeVisible();

  await input.fill('Spustit e-shop se svíčkami');
  await input.press('Enter');
  await expect(page.getByText('Cíl přidán')).toBeVisible();
  await expect(input).toBeHidden();
  const goal = card(page, 'Spustit e-shop se svíčkami');
  await expect(goal).toContainText('0 z 5 kroků dokončeno');
  await expect(goal).toContainText('0 %');
  const minus = goal.getByRole('button', { name: /Vrátit krok/ });
  const plus = goal.getByRole('button', { name: /Přidat hotový krok/ });
  await expect(minus).toBeDisabled();

  await plus.click();
  await expect(goal).toContainText('1 z 5 kroků dokončeno');
  await expect(goal).toContainText('20 %');
  await expect(page.getByText('Máš hotovo 20 %.')).toBeVisible();
  await expect(minus).toBeEnabled();
  for (let i = 0; i < 4; i++) await plus.click();
  await expect(goal).toContainText('5 z 5 kroků dokončeno');
  await expect(goal).toContainText('100 %');
  await expect(goal.getByText('Gratuluju! Tenhle cíl máš splněný.')).toBeVisible();
  await expect(page.getByText('Cíl splněn!')).toBeVisible();
  await expect(plus).toBeDisabled();
  await expect(summary(page, 'Splněných cílů')).toHaveText('1');

  await minus.click();
  await expect(goal).toContainText('4 z 5 kroků dokončeno');
  await expect(goal.getByText('Gratuluju! Tenhle cíl máš splněný.')).toHaveCount(0);
  await expect(summary(page, 'Splněných cílů')).toHaveText('0');

  await page.reload();
  await expect(card(page, 'Spustit e-shop se svíčkami')).toContainText('4 z 5 kroků dokončeno');

  await card(page, 'Spustit e-shop se svíčkami')
    .getByRole('button', { name: /Smazat cíl/ })
    .click();
  await expect(page.getByText('Cíl smazán')).toBeVisible();
  await expect(card(page, 'Spustit e-shop se svíčkami')).toHaveCount(0);
});

test('cancel closes the form and clears it; an over-long title is refused with a hint', async ({
  page,
}) => {
  await page.goto('/goals');
  await page.getByRole('button', { name: 'Přidat cíl' }).click();
  const input = page.getByRole('textbox', { name: 'Název cíle' });
  await input.fill('Rozepsaný cíl');
  await page.getByRole('button', { name: 'Zrušit' }).click();
  await expect(input).toBeHidden();
  await page.getByRole('button', { name: 'Přidat cíl' }).click();
  await expect(input).toHaveValue('');

  await input.fill('x'.repeat(201));
  await expect(
    page.getByText('Název je moc dlouhý (201/200 znaků). Zkrať ho prosím.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Přidat', exact: true })).toBeDisabled();
  await input.press('Enter');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(input).toHaveValue('x'.repeat(201));
});

test('a goal title that looks like markup is shown as text', async ({ page }) => {
  page.on('dialog', () => {
    throw new Error('a goal title ran as script');
  });
  const title = '<img src=x onerror=alert(1)>';
  await page.goto('/goals');
  await page.getByRole('button', { name: 'Přidat cíl' }).click();
  await page.getByRole('textbox', { name: 'Název cíle' }).fill(title);
  await page.getByRole('textbox', { name: 'Název cíle' }).press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});

test('an emptied goal list stays empty after a reload', async ({ page }) => {
  await page.goto('/goals');
  for (const title of ['Získat 10 prvních klientů', 'Spustit první reklamní kampaň']) {
    await card(page, title)
      .getByRole('button', { name: /Smazat cíl/ })
      .click();
  }
  await expect(page.getByText('Zatím nemáš žádné cíle')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Zatím nemáš žádné cíle')).toBeVisible();
});

test('chatting, saving and finishing goals feed the statistics', async ({ page }) => {
  await page.goto('/chat');
  const input = page.getByRole('textbox', { name: 'Tvoje zpráva' });
  await input.fill('Ahoj');
  await input.press('Enter');
  await expect(page.getByRole('log').getByRole('listitem')).toHaveCount(2, { timeout: 3000 });
  await page.getByRole('button', { name: 'Uložit' }).click();
  await page.goto('/goals');
  const plus = card(page, 'Spustit první reklamní kampaň').getByRole('button', {
    name: /Přidat hotový krok/,
  });
  await plus.click();
  await plus.click();
  await page.goto('/analytics');
  const stat = (label: string) =>
    page
      .getByRole('main')
      .locator('div', { has: page.getByText(label, { exact: true }) })
      .last();
  await expect(stat('Konverzace s Parťákem')).toContainText('+1 tento týden');
  await expect(stat('Splněné cíle')).toContainText('+1 tento měsíc');
  const recent = page.getByRole('region', { name: 'Nedávná aktivita' }).getByRole('listitem');
  await expect(recent.first()).toContainText('Splněný cíl: Spustit první reklamní kampaň');
});

test('unreadable stored goals are set aside with one calm message', async ({
  page,
  seedStorage,
}) => {
  await seedStorage(
    'partak_goals',
    '[{"id":"a","title":"Čitelný cíl","progress":20,"milestones":5,"completedMilestones":1},{"broken":',
  );
  await page.goto('/goals');
  await expect(page.getByText(/Některé uložené cíle se nepodařilo přečíst/)).toBeVisible();
  await page.reload();
  await expect(page.getByText('Zatím nemáš žádné cíle')).toBeVisible();
  await expect(page.getByText(/Některé uložené cíle se nepodařilo přečíst/)).toHaveCount(0);
});

test('headings go down one level at a time (h1, then the goals as h2)', async ({ page }) => {
  await page.goto('/goals');
  await expect(page.getByRole('article')).toHaveCount(2);
  const levels = await page
    .locator('main :is(h1, h2, h3, h4, h5, h6)')
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  levels.slice(1).forEach((level, i) => expect(level - (levels[i] ?? 1)).toBeLessThanOrEqual(1));
});
