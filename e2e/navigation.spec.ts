import { expect, test } from './fixtures.ts';

const ITEMS = [
  { name: 'Domů', path: '/', heading: 'Vítej u Parťáka' },
  { name: 'Témata', path: '/topics', heading: 'Témata' },
  { name: 'Chat', path: '/chat', heading: 'Chat s Parťákem' },
  { name: 'Cíle', path: '/goals', heading: 'Cíle' },
  { name: 'Nastavení', path: '/settings', heading: 'Nastavení' },
];

test('bottom navigation highlights the item of the current page', async ({ page }) => {
  await page.goto('/goals');
  const nav = page.getByRole('navigation', { name: 'Hlavní navigace' });
  for (const item of ITEMS) {
    await nav.getByRole('link', { name: item.name, exact: true }).click();
    await expect(page).toHaveURL(item.path);
    await expect(page.getByRole('heading', { level: 1, name: item.heading })).toBeVisible();
    for (const other of ITEMS) {
      const link = nav.getByRole('link', { name: other.name, exact: true });
      if (other === item) await expect(link).toHaveAttribute('aria-current', 'page');
      else await expect(link).not.toHaveAttribute('aria-current');
    }
  }
});

test('sub-pages keep their section highlighted', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Hlavní navigace' });
  for (const [path, section] of [
    ['/library/marketing', 'Témata'],
    ['/history', 'Chat'],
    ['/analytics', 'Nastavení'],
  ] as const) {
    await page.goto(path);
    await expect(nav.getByRole('link', { name: section, exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
  }
});

test('every page but home shows the logo linking home', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Parťák – zpět na úvod' })).toHaveCount(0);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Parťák – zpět na úvod' }).click();
  await expect(page).toHaveURL('/');
});

test('every route of the spec is served and rendered', async ({ page }) => {
  for (const [path, heading] of [
    ['/topic/sales', 'Prodej'],
    ['/library', 'Vzdělávací knihovna'],
    ['/library/marketing', 'Digitální marketing'],
    ['/library/marketing/meta-ads', /Meta/],
    ['/history', 'Historie konverzací'],
    ['/analytics', 'Statistiky'],
    ['/subscription', 'Předplatné'],
    ['/profil', 'Můj profil'],
    ['/nastaveni-oznameni', 'Nastavení oznámení'],
  ] as const satisfies (readonly [string, string | RegExp])[]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});
