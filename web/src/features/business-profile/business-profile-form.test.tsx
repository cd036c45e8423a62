import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { storageKeys } from '@partak/domain/product';
import { renderSettled } from '@/testing/render-settled.tsx';
import { BusinessProfileForm } from './business-profile-form.tsx';
import { OnboardingCard } from './onboarding-card.tsx';
import { SECTIONS } from './profile-draft.ts';

const stored = () =>
  JSON.parse(localStorage.getItem(storageKeys.businessProfile) ?? 'null') as Record<
    string,
    unknown
  > | null;
const field = (name: string | RegExp) => screen.getByLabelText(name);
const type = (name: string | RegExp, value: string) =>
  fireEvent.change(field(name), { target: { value } });
const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

afterEach(() => localStorage.clear());

describe('the business profile form', () => {
  it('keeps what was filled in, and only that', async () => {
    await renderSettled(<BusinessProfileForm sections={SECTIONS} submitLabel="Uložit" />);
    type('Čím se živíš?', '  Svatební fotografie ');
    type('Obor', 'photo-video');
    type('Forma podnikání', 'zivnost-main');
    type('Daňový režim', 'pausalni-dan');
    type('Paušální daň – pásmo', '1');
    type('Kolik hodin týdně fakturuješ?', '30');
    press('Uložit');
    await waitFor(() =>
      expect(stored()).toEqual({
        trade: 'Svatební fotografie',
        tradeKind: 'photo-video',
        legalForm: 'zivnost-main',
        taxRegime: 'pausalni-dan',
        pausalBand: 1,
        billableHoursPerWeek: 30,
      }),
    );
  });

  it('shows the band only for paušální daň and the percentage only for the flat-rate expenses', async () => {
    await renderSettled(<BusinessProfileForm sections={['taxes']} submitLabel="Uložit" />);
    expect(screen.queryByLabelText('Paušální daň – pásmo')).toBeNull();
    type('Daňový režim', 'flat-rate-expenses');
    expect(field('Výdajový paušál – kolik procent')).toBeInTheDocument();
    type('Forma podnikání', 'sro');
    expect(screen.queryByLabelText('Daňový režim')).toBeNull();
  });

  it('refuses bad hours and a wrong IČO with translated errors, keeping all that was typed', async () => {
    await renderSettled(<BusinessProfileForm sections={SECTIONS} submitLabel="Uložit" />);
    type('Čím se živíš?', 'Účetnictví');
    type('Kolik hodin týdně fakturuješ?', '120');
    type('IČO', '12345678');
    press('Uložit');
    const hours = field('Kolik hodin týdně fakturuješ?');
    await waitFor(() => expect(hours).toHaveFocus());
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    expect(hours).toHaveAccessibleDescription(/Zadej celé číslo od 1 do 80\./);
    expect(field('IČO')).toHaveAccessibleDescription(/Tohle IČO nesedí/);
    expect(stored()).toBeNull();
    expect(field('Čím se živíš?')).toHaveValue('Účetnictví');
    type('Kolik hodin týdně fakturuješ?', '20');
    type('IČO', '270 74 358');
    press('Uložit');
    await waitFor(() =>
      expect(stored()).toEqual({ trade: 'Účetnictví', billableHoursPerWeek: 20, ico: '27074358' }),
    );
  });

  it('checks the IČO’s checksum before asking ARES', async () => {
    await renderSettled(<BusinessProfileForm sections={['rest']} submitLabel="Uložit" />);
    type('IČO', '1234567');
    press('Načíst z ARES');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Tohle IČO nesedí/);
    expect(field('IČO')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Načíst z ARES' })).toBeEnabled();
  });
});

describe('the chat’s onboarding', () => {
  it('saves each step on “Pokračovat”, passes one on “Přeskočit”, and finishes', async () => {
    await renderSettled(<OnboardingCard />);
    expect(screen.getByText(/Ať ti můžu radit na míru/)).toBeInTheDocument();
    type('Čím se živíš?', 'Kadeřnictví');
    press('Pokračovat');
    expect(await screen.findByLabelText('Forma podnikání')).toBeInTheDocument();
    expect(stored()).toEqual({ trade: 'Kadeřnictví' });
    press('Přeskočit');
    expect(await screen.findByLabelText('Kraj, kde podnikáš')).toBeInTheDocument();
    type('Kraj, kde podnikáš', 'vysocina');
    press('Hotovo');
    await waitFor(() =>
      expect(stored()).toMatchObject({ trade: 'Kadeřnictví', region: 'vysocina' }),
    );
    expect(typeof stored()?.onboardedAt).toBe('string');
    await waitFor(() => expect(screen.queryByText(/Ať ti můžu radit na míru/)).toBeNull());
  });

  it('“Přeskočit vše” sets onboardedAt, and it is not offered again', async () => {
    const first = await renderSettled(<OnboardingCard />);
    press('Přeskočit vše');
    await waitFor(() => expect(stored()?.onboardedAt).toEqual(expect.any(String)));
    first.unmount();
    await renderSettled(<OnboardingCard />);
    expect(screen.queryByRole('button', { name: 'Přeskočit vše' })).toBeNull();
  });
});
