import { AxeBuilder } from '@axe-core/playwright';
import { createConfirmedAccount, PASSWORD, storedSession } from './accounts.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './mailbox.ts';

const PAUSAL = JSON.stringify({
  legalForm: 'zivnost-main',
  taxRegime: 'pausalni-dan',
  pausalBand: 1,
  onboardedAt: '2026-11-01T08:00:00.000Z',
});

test('home shows "Tento měsíc" from the profile, with no serious accessibility violations', async ({
  page,
  seedStorage,
}) => {
  await page.clock.setFixedTime(new Date('2026-11-19T10:00:00'));
  await seedStorage('partak_business_profile', PAUSAL);
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Tento měsíc' });
  await expect(card.getByRole('listitem')).toHaveText([
    '20. 11.Paušální daň za listopad 2026zítra',
  ]);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test('home invites to fill the profile when it does not say how one does business', async ({
  page,
  seedStorage,
}) => {
  await seedStorage('partak_business_profile', JSON.stringify({ trade: 'grafika' }));
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Tento měsíc' });
  await card.getByRole('link', { name: 'Vyplnit profil podnikání' }).click();
  await expect(page).toHaveURL('/profil#muj-byznys');
});

test('signed in, the deadlines become a calendar subscription that can be revoked', async ({
  page,
  request,
  seedStorage,
}) => {
  const email = uniqueEmail('kalendar');
  await createConfirmedAccount(request, email);
  const session = await storedSession(request, email, PASSWORD);
  await seedStorage('partak_auth', session);
  const { access_token: token } = JSON.parse(session) as { access_token: string };
  const kept = await request.put('/api/v1/business-profile', {
    headers: { authorization: `Bearer ${token}` },
    data: { profile: JSON.parse(PAUSAL) as unknown },
  });
  expect(kept.status()).toBe(200);
  await page.goto('/nastaveni-oznameni');
  const card = page.getByRole('region', { name: 'Termíny v kalendáři' });
  await card.getByRole('button', { name: 'Přidat termíny do kalendáře' }).click();
  const url = await card.getByLabel('Tvůj tajný odkaz na kalendář').inputValue();
  expect(url).toMatch(/\/api\/v1\/calendar\/[\w-]{43}\.ics$/);
  await expect(card.getByRole('link', { name: 'Otevřít v kalendáři' })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  );
  const feed = await request.get(url);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain('SUMMARY:Paušální daň za');

  await card.getByRole('button', { name: 'Zneplatnit odkaz' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Zneplatnit odkaz' }).click();
  await expect(page.getByText('Odkaz na kalendář přestal platit.')).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
});
