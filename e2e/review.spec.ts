import { expect, test } from './fixtures.ts';

test('a weekly review from the figures to a new goal, kept and shown with its streak', async ({
  page,
}) => {
  // Two steps this week, on a seed goal.
  await page.goto('/goals');
  const seed = page.getByRole('article', { name: 'Spustit první reklamní kampaň' });
  await seed.getByRole('button', { name: /Přidat hotový krok/ }).click();
  await expect(seed).toContainText('4 z 5 kroků dokončeno');

  await page.goto('/review');
  await expect(page.getByRole('heading', { level: 1, name: 'Týdenní ohlédnutí' })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Tvůj týden v číslech' });
  await expect(figures.locator('div').filter({ hasText: 'Hotové kroky' }).locator('dd')).toHaveText(
    '1',
  );
  await expect(page.getByText('Zatím žádné ohlédnutí.')).toBeVisible();

  // The focus is required; what was typed stays.
  await page.getByLabel('Co se ti tento týden povedlo?').fill('Dva noví klienti z doporučení.');
  await page.getByLabel('Co ti stálo v cestě?').fill('Faktury mi sežraly celé pondělí.');
  await page.getByRole('button', { name: 'Uložit ohlédnutí' }).click();
  await expect(page.getByRole('alert')).toHaveText('Napiš, na co se zaměříš – stačí jedna věta.');
  await expect(page.getByLabel('Co ti stálo v cestě?')).toHaveValue(
    'Faktury mi sežraly celé pondělí.',
  );

  await page.getByLabel(/Na co se příští týden zaměříš/).fill('Nastavit pravidelnou fakturaci');
  await page.getByRole('radio', { name: 'Udělat z něj nový cíl' }).check();
  await page.getByRole('button', { name: 'Uložit ohlédnutí' }).click();
  await expect(page.getByText('Ohlédnutí je uložené')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tento týden máš za sebou' })).toBeVisible();
  await expect(page.getByText('1 týden v řadě.')).toBeVisible();

  // Kept across a reload (the page comes prerendered, then shows this browser's week), with the
  // goal it made.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tento týden máš za sebou' })).toBeVisible();
  await expect(page.getByText(/^Týden \d/)).toBeVisible();
  await expect(page.getByText('Nastavit pravidelnou fakturaci')).toBeVisible();
  await page.getByRole('link', { name: 'Otevřít cíle' }).click();
  await expect(page.getByRole('article', { name: 'Nastavit pravidelnou fakturaci' })).toContainText(
    '0 z 5 kroků dokončeno',
  );

  // Changing the answers replaces the week's review, never a second one.
  await page.goto('/review');
  await page.getByRole('button', { name: 'Upravit odpovědi' }).click();
  await expect(page.getByLabel('Co ti stálo v cestě?')).toHaveValue(
    'Faktury mi sežraly celé pondělí.',
  );
  await page.getByLabel(/Na co se příští týden zaměříš/).fill('Fakturovat v pátek');
  await page.getByRole('button', { name: 'Uložit změny' }).click();
  await expect(page.getByText('Fakturovat v pátek')).toBeVisible();
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('partak_reviews') ?? '[]'),
  );
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ focus: 'Fakturovat v pátek', figures: { stepsDone: 1 } });

  // The mentor comments on it: the answers go to the chat, and the library answers with sources.
  await page.getByRole('button', { name: 'Probrat s mentorem' }).click();
  await expect(page).toHaveURL('/chat');
  const log = page.getByRole('log', { name: 'Konverzace' });
  await expect(log.locator(':scope > ol > li').first()).toContainText(
    'V cestě mi stálo: Faktury mi sežraly celé pondělí.',
  );
  const reply = log.locator(':scope > ol > li').nth(1);
  await expect(reply).toContainText('Z knihovny', { timeout: 15_000 });
  await expect(reply.getByRole('link').first()).toHaveAttribute('href', /^\/library\//);
});

test("today's focus: a returning visitor's next step, stepped from home, and the streak", async ({
  page,
}) => {
  await page.goto('/');
  // A first visit: only the welcome.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Na dnešek' })).toHaveCount(0);

  await page.goto('/goals');
  const goal = page.getByRole('article', { name: 'Získat 10 prvních klientů' });
  await goal.getByRole('button', { name: /Přidat hotový krok/ }).click();
  await goal.getByRole('button', { name: /Přidat hotový krok/ }).click();
  await expect(goal).toContainText('6 z 10 kroků dokončeno');

  await page.goto('/');
  const today = page.getByRole('region', { name: 'Na dnešek' });
  await expect(today).toContainText('Získat 10 prvních klientů');
  await expect(today).toContainText('Krok 7 z 10');
  await expect(today).toContainText('Zatím žádné ohlédnutí.');
  await expect(today.getByRole('link', { name: /Čas na týdenní ohlédnutí/ })).toBeVisible();
  // Something to read for the goal, and why.
  await expect(today).toContainText('Doporučené čtení');
  await expect(today).toContainText('Navazuje na tvůj cíl „Získat 10 prvních klientů“.');
  await expect(today.getByRole('link', { name: /./ }).first()).toHaveAttribute(
    'href',
    /^\/library\/[a-z-]+\/[a-z-]+$/,
  );
  await today
    .getByRole('button', { name: 'Přidat hotový krok: Získat 10 prvních klientů' })
    .click();
  await expect(today).toContainText('Krok 8 z 10');
  // The welcome stays below it.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await today.getByRole('link', { name: /Čas na týdenní ohlédnutí/ }).click();
  await expect(page).toHaveURL('/review');
  const figures = page.getByRole('region', { name: 'Tvůj týden v číslech' });
  await expect(figures.locator('div').filter({ hasText: 'Hotové kroky' }).locator('dd')).toHaveText(
    '3',
  );
});
