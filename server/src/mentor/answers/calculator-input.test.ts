import { describe, expect, it } from 'vitest';
import { calculatorCard } from './calculator-input.ts';

describe('a calculator card’s input from the question', () => {
  it('takes the numbers the question names when it is clear what they are', () => {
    expect(calculatorCard('hourly-rate', 'Beru 500 Kč na hodinu, je to málo?')).toEqual({
      id: 'hourly-rate',
      input: { currentHourly: 500 },
    });
    expect(
      calculatorCard('hourly-rate', 'Chci mít 45 tisíc čistého měsíčně, kolik si říct za hodinu?'),
    ).toEqual({ id: 'hourly-rate', input: { netMonthlyIncome: 45_000 } });
    expect(calculatorCard('pausal', 'Mám obrat 1,6 milionu, vyplatí se mi paušální daň?')).toEqual({
      id: 'pausal',
      input: { yearlyIncome: 1_600_000 },
    });
    expect(
      calculatorCard('vat-watch', 'I have a turnover of CZK 1.8M, when do I register for VAT?'),
    ).toEqual({
      id: 'vat-watch',
      input: { turnover: 1_800_000 },
    });
    expect(
      calculatorCard('put-aside', 'Přišla mi platba za fakturu 30 000 Kč, kolik si odložit?'),
    ).toEqual({
      id: 'put-aside',
      input: { invoiceAmount: 30_000 },
    });
    expect(
      calculatorCard('osvc-vs-sro', 'Při zisku 2 miliony ročně, živnost nebo s. r. o.?'),
    ).toEqual({
      id: 'osvc-vs-sro',
      input: { yearlyProfit: 2_000_000 },
    });
  });

  it('leaves the card empty when the question names no number, or several that could be it', () => {
    expect(calculatorCard('pausal', 'Vyplatí se mi paušální daň?')).toEqual({ id: 'pausal' });
    expect(
      calculatorCard('hourly-rate', 'Beru 500 Kč na hodinu, konkurence 700 Kč na hodinu. Kolik?'),
    ).toEqual({ id: 'hourly-rate' });
    // "3 roky", "20 %": not amounts.
    expect(calculatorCard('put-aside', 'Podnikám 3 roky, odkládám 20 %, stačí to?')).toEqual({
      id: 'put-aside',
    });
  });
});
