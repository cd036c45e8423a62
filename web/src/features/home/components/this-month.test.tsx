import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '@partak/domain/product';
import { renderSettled } from '@/testing/render-settled.tsx';
import { ThisMonth } from './this-month.tsx';

const LOADED = { timeout: 5000 };
const PAUSAL = { legalForm: 'zivnost-main', taxRegime: 'pausalni-dan', pausalBand: 1 };
const VAT_PAYER = { legalForm: 'zivnost-main', taxRegime: 'flat-rate-expenses', vat: 'monthly' };

function renderCard(now: string, profile?: object) {
  if (profile) localStorage.setItem(storageKeys.businessProfile, JSON.stringify(profile));
  return renderSettled(
    <MemoryRouter>
      <ThisMonth now={new Date(now)} />
    </MemoryRouter>,
  );
}

/** Each row's text, in order. */
async function rows(): Promise<string[]> {
  await screen.findByText('Tento měsíc', {}, LOADED);
  return screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
}

beforeEach(() => localStorage.clear());

describe('ThisMonth', () => {
  it('invites someone without a profile to fill it in', async () => {
    await renderCard('2026-12-01T10:00:00');
    const link = await screen.findByRole(
      'link',
      { name: 'Řekni mi, jak podnikáš, a ukážu ti tvoje termíny.' },
      LOADED,
    );
    expect(link).toHaveAttribute('href', '/profil');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('invites someone whose profile has no legal form yet', async () => {
    await renderCard('2026-12-01T10:00:00', { taxRegime: 'pausalni-dan' });
    expect(
      await screen.findByRole('link', { name: /ukážu ti tvoje termíny/ }, LOADED),
    ).toBeInTheDocument();
  });

  it('lists only this month near its end, the past struck and the next highlighted', async () => {
    await renderCard('2026-11-28T10:00:00', VAT_PAYER);
    const list = await rows();
    expect(list).toHaveLength(5);
    // 2 November: the October social advance, passed (struck, and said so to a screen reader).
    expect(list[0]).toContain('Záloha na sociální pojištění za říjen 2026');
    expect(list[0]).toContain('uplynulo');
    expect(screen.getAllByRole('listitem')[0]).toHaveClass('line-through');
    // 30 November, two days on, is the next one; December's (8 Dec) are not this month's.
    expect(list[4]).toContain('Záloha na sociální pojištění za listopad 2026');
    expect(list[4]).toContain('za 2 dny');
    const next = screen.getAllByRole('listitem')[4] as HTMLElement;
    expect(next).toHaveAttribute('aria-current', 'date');
    expect(within(next).getByText(/Nejbližší termín/)).toBeInTheDocument();
    expect(screen.queryByText(/Záloha na zdravotní pojištění za listopad/)).not.toBeInTheDocument();
  });

  it('shows a VAT date moved past Christmas and the weekend to Monday 28 December', async () => {
    await renderCard('2026-12-01T10:00:00', VAT_PAYER);
    const list = await rows();
    const vat = list.find((row) => row.includes('Přiznání k DPH za listopad 2026'));
    expect(vat).toContain('po 28. 12.');
    expect(vat).toContain('za 27 dní');
    const statement = list.find((row) => row.includes('Kontrolní hlášení za listopad 2026'));
    expect(statement).toContain('28. 12.');
    // The nearest: the health advance on 8 December, in 7 days.
    expect(screen.getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'date');
    expect(list[0]).toContain('za 7 dní');
  });

  it.each([
    ['2026-12-01T10:00:00', 'za 20 dní'],
    ['2026-12-17T10:00:00', 'za 4 dny'],
    ['2026-12-19T10:00:00', 'za 2 dny'],
    ['2026-12-20T23:30:00', 'zítra'],
    ['2026-12-21T08:00:00', 'dnes'],
  ])('counts the days to the flat tax on %s as "%s"', async (now, label) => {
    await renderCard(now, PAUSAL);
    const list = await rows();
    // 20 December 2026 is a Sunday: the flat tax is due on Monday the 21st.
    expect(list).toEqual([expect.stringContaining('Paušální daň za prosinec 2026')]);
    expect(list[0]).toContain('po 21. 12.');
    expect(list[0]).toContain(label);
  });

  it('says when nothing is due this month', async () => {
    await renderCard('2026-12-22T10:00:00', { legalForm: 'not-yet' });
    expect(
      await screen.findByText('Tento měsíc tě žádný termín nečeká.', {}, LOADED),
    ).toBeInTheDocument();
  });
});
