import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/testing/i18n-for-tests.ts';
import { renderSettled } from '@/testing/render-settled.tsx';
import { CalculatorCard } from './calculator-card.tsx';

beforeAll(initTestI18n);

const result = (title = 'Hodinovka') =>
  screen.getByRole('region', { name: `Kalkulačka: ${title}` });
const field = (name: string) => screen.getByRole('textbox', { name });

describe('the hourly-rate card', () => {
  it('starts from the profile and answers in one sentence with its year', async () => {
    await renderSettled(
      <CalculatorCard
        id="hourly-rate"
        profile={{ taxRegime: 'pausalni-dan', pausalBand: 1, billableHoursPerWeek: 30 }}
      />,
    );
    expect(await screen.findByRole('combobox', { name: 'Daňový režim' })).toHaveValue('pausal-1');
    expect(field('Hodin týdně, které vyfakturuješ')).toHaveValue('30');
    // 40 000 net + 5 000 costs, band 1, 1 350 billable hours: 489 Kč an hour (domain tests).
    expect(result()).toHaveTextContent(
      'Aby ti měsíčně zbylo 40 028 Kč, účtuj aspoň 489 Kč za hodinu, tedy 3 912 Kč za den.',
    );
    expect(result()).toHaveTextContent('Podle sazeb roku');
    expect(within(result()).getByRole('row', { name: /Paušální daň za rok/ })).toHaveTextContent(
      '119 808 Kč',
    );
  });

  it('recomputes as the user types, and keeps the last answer while a field is wrong', async () => {
    await renderSettled(
      <CalculatorCard id="hourly-rate" profile={{}} input={{ netMonthlyIncome: 60000 }} />,
    );
    expect(field('Kolik chceš mít čistého měsíčně')).toHaveValue('60000');
    const before = result().textContent;
    await act(async () => {
      fireEvent.change(field('Kolik chceš mít čistého měsíčně'), { target: { value: '30 000' } });
    });
    expect(result().textContent).not.toBe(before);
    const good = result().textContent ?? '';
    await act(async () => {
      fireEvent.change(field('Hodin týdně, které vyfakturuješ'), { target: { value: 'hodně' } });
    });
    expect(field('Hodin týdně, které vyfakturuješ')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Napiš sem číslo, třeba 40 000.')).toBeVisible();
    expect(result().textContent).toContain(good.slice(0, 40));
    expect(result()).toHaveTextContent('Výsledek platí pro poslední správně vyplněné hodnoty.');
  });
});

describe('the other cards', () => {
  it('compare paušální daň, say what to put aside, watch DPH and compare an s. r. o.', async () => {
    await renderSettled(
      <CalculatorCard id="pausal" profile={{}} input={{ yearlyIncome: 1000000 }} />,
    );
    expect(screen.getByText(/Nejlevněji ti vychází paušální daň v 1. pásmu/)).toBeVisible();
    await renderSettled(
      <CalculatorCard
        id="put-aside"
        profile={{ vat: 'quarterly' }}
        input={{ invoiceAmount: 12100 }}
      />,
    );
    expect(
      screen.getByText('Z faktury na 12 100 Kč si odlož 3 613 Kč, tedy 29,9 %.'),
    ).toBeVisible();
    await renderSettled(
      <CalculatorCard id="vat-watch" profile={{}} input={{ turnover: 1700000 }} />,
    );
    expect(screen.getByText(/Blížíš se k hranici: máš 85 % z 2 000 000 Kč/)).toBeVisible();
    await renderSettled(
      <CalculatorCard id="osvc-vs-sro" profile={{ taxRegime: 'real-expenses' }} />,
    );
    expect(screen.getByText(/Při zisku 1 000 000 Kč ti vychází levněji s. r. o./)).toBeVisible();
    expect(screen.getByText(/jen hrubý odhad do rozhovoru s účetní/)).toBeVisible();
  });
});

describe('a year without its figures', () => {
  afterEach(() => vi.useRealTimers());

  it('says the rates are not in yet instead of guessing', async () => {
    // figures.json has no rates for 2040 nor the two years before it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2040-03-01T10:00:00Z'));
    await renderSettled(<CalculatorCard id="put-aside" profile={{}} />);
    expect(result('Kolik si odložit')).toHaveTextContent(
      'Sazby pro rok 2040 ještě nemáme, takže to zatím nespočítám.',
    );
    expect(result('Kolik si odložit')).not.toHaveTextContent('si odlož');
  });
});
