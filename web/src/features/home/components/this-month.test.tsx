import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storageKeys } from '@partak/domain/product';
import { initTestI18n } from '@/testing/i18n-for-tests.ts';
import { renderSettled } from '@/testing/render-settled.tsx';
import { MemoryRouter } from 'react-router';
import { queryClient } from '@/lib/data/query-client.ts';
import { ThisMonth } from './this-month.tsx';

beforeAll(initTestI18n);
afterEach(() => {
  localStorage.clear();
  queryClient.clear();
});

const keep = (profile: object) =>
  localStorage.setItem(storageKeys.businessProfile, JSON.stringify(profile));

async function show(now: string) {
  // One card at a time, read fresh from storage.
  cleanup();
  queryClient.clear();
  await renderSettled(
    <MemoryRouter>
      <ThisMonth now={new Date(`${now}T10:00:00`)} />
    </MemoryRouter>,
  );
  return screen.findByRole('region', { name: 'Tento měsíc' });
}

const rows = (card: HTMLElement) =>
  within(card)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('"Tento měsíc" on home', () => {
  it('moves a deadline off a Sunday and counts the days in Czech plurals', async () => {
    keep({ legalForm: 'zivnost-main', taxRegime: 'pausalni-dan', pausalBand: 1 });
    // 10 January 2027 is a Sunday: the notice is due on Monday the 11th.
    const card = await show('2027-01-08');
    expect(rows(card)).toEqual([
      '11. 1.Paušální režim na rok 2027: oznámení o vstupu, změně pásma nebo vystoupeníza 3 dny',
      '20. 1.Paušální daň za leden 2027za 12 dní',
    ]);
  });

  it('shows the insurance advances of a flat-rate trader, one past, across the month end', async () => {
    keep({ legalForm: 'zivnost-main', taxRegime: 'flat-rate-expenses' });
    // January's social advance is due 31 January 2027, a Sunday: it moves to 1 February.
    const card = await show('2027-01-09');
    const list = rows(card);
    expect(list[0]).toBe('8. 1.Záloha na zdravotní pojištění za prosinec 2026proběhlo');
    expect(list.some((row) => row?.includes('sociální pojištění za leden'))).toBe(false);
    expect(within(card).getAllByRole('listitem')[0]).toHaveClass('line-through');
    const february = await show('2027-02-01');
    expect(rows(february)).toContain('1. 2.Záloha na sociální pojištění za leden 2027dnes');
  });

  it('says tomorrow, and invites to fill the profile when it says no legal form', async () => {
    keep({ legalForm: 'zivnost-main', taxRegime: 'pausalni-dan', pausalBand: 2 });
    const card = await show('2026-11-19');
    expect(rows(card)).toEqual(['20. 11.Paušální daň za listopad 2026zítra']);
    localStorage.clear();
    keep({ trade: 'grafika' });
    const invite = await show('2026-11-19');
    expect(invite).toHaveTextContent('Řekni mi, jak podnikáš, a ukážu ti tvoje termíny.');
    expect(within(invite).getByRole('link', { name: 'Vyplnit profil podnikání' })).toHaveAttribute(
      'href',
      '/profil#muj-byznys',
    );
  });
});
