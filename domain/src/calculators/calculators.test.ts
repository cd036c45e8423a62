import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import figuresJson from '../../../content/library/figures.json' with { type: 'json' };
import type { Figures } from '../figures.ts';
import { CALCULATORS, comparePausal, hourlyRate, osvcVsSro, putAside, vatWatch } from './index.ts';
import { incomeTax, socialInsurance, healthInsurance, lowestBand } from './osvc-costs.ts';
import { taxYear } from './tax-year.ts';
import type { CalcResult } from './types.ts';

/*
 * Worked examples computed by hand from the rules the figures cite: § 7, § 7a, § 16 and § 35ba
 * ZDP (zakonyprolidi.cz/cs/1992-586), § 5b, § 7 and § 9 z. 589/1992 (ČSSZ), § 2 and § 3a
 * z. 592/1992 (VZP), the 2026 minimum bases of ČSSZ and VZP (40 % and 50 % of the average wage
 * 48 967 Kč) and finanční správa's paušální daň page for the bands.
 */
const figures = figuresJson as Figures;
const found = taxYear(figures, 2026);
if (!found) throw new Error('figures.json lacks 2026');
const year = found;

function value<T>(result: CalcResult<T>): T {
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result.value;
}

describe('a year of an OSVČ', () => {
  it('taxes a base rounded down to hundreds, 23 % above 36 average wages, less the credit', () => {
    expect(incomeTax(400_099, year)).toBe(60_000 - 30_840);
    expect(incomeTax(100_000, year)).toBe(0); // the credit is never paid out
    // 1 762 812 × 15 % + 737 188 × 23 % = 433 975.04 → 433 976, less 30 840
    expect(incomeTax(2_500_000, year)).toBe(403_136);
  });

  it('pays at least the 2026 minimums on a main business, and nothing on a small side one', () => {
    expect(socialInsurance(400_000, 'main', year)).toBe(68_633); // 12 × 19 587 × 29.2 %
    expect(healthInsurance(400_000, 'main', year)).toBe(39_665); // 12 × 24 484 × 13.5 %
    expect(socialInsurance(117_521, 'side', year)).toBe(0); // the 2026 rozhodná částka
    expect(socialInsurance(117_522, 'side', year)).toBe(18_877); // 12 × 5 387 × 29.2 % = 18 876.05, rounded up
    expect(socialInsurance(2_500_000, 'main', year)).toBe(401_500); // 55 % × 29.2 %
    expect(socialInsurance(5_000_000, 'main', year)).toBe(686_322); // the 2 350 416 cap
    expect(healthInsurance(2_500_000, 'main', year)).toBe(168_750);
  });

  it('places an income in the lowest paušální daň band § 2a ZDP allows', () => {
    expect(lowestBand(1_000_000, 40, year)).toBe(1);
    expect(lowestBand(1_500_000, 60, year)).toBe(1);
    expect(lowestBand(1_500_000, 40, year)).toBe(2);
    expect(lowestBand(2_000_000, 80, year)).toBe(1);
    expect(lowestBand(2_000_000, 60, year)).toBe(2);
    expect(lowestBand(2_000_000, 30, year)).toBe(3);
    expect(lowestBand(2_000_001, 80, year)).toBeUndefined();
  });
});

describe('the hourly rate', () => {
  it('covers the wanted net, the costs and paušální daň in the billable hours', () => {
    const result = value(
      hourlyRate(
        {
          netMonthlyIncome: 40_000,
          monthlyCosts: 5_000,
          billableHoursPerWeek: 30,
          regime: { kind: 'pausalni-dan', band: 1 },
          year: 2026,
        },
        figures,
      ),
    );
    // 30 h × 47 weeks − 10 sick days × 6 h = 1 350 h; 12 × 45 000 + 12 × 9 984 = 659 808 Kč
    expect(result.billableHoursPerYear).toBe(1_350);
    expect(result.hourly).toBe(489);
    expect(result.daily).toBe(3_912);
    expect(result.cost.total).toBe(119_808);
    expect(result.netMonthly).toBeGreaterThanOrEqual(40_000);
  });

  it('raises the band when the revenue needs it, and leaves paušální daň over its limit', () => {
    const base = { monthlyCosts: 0, billableHoursPerWeek: 40, year: 2026 } as const;
    const pausal = { kind: 'pausalni-dan', band: 1 } as const;
    const raised = value(
      hourlyRate({ ...base, netMonthlyIncome: 100_000, regime: pausal }, figures),
    );
    expect(raised.bandRaisedTo).toBe(2);
    const over = value(hourlyRate({ ...base, netMonthlyIncome: 200_000, regime: pausal }, figures));
    expect(over.pausalNotPossible).toBe(true);
  });

  it('asks more with flat-rate expenses than the net alone, and each crown of net costs more', () => {
    const result = value(
      hourlyRate(
        {
          netMonthlyIncome: 50_000,
          monthlyCosts: 3_000,
          billableHoursPerWeek: 25,
          regime: { kind: 'flat-rate-expenses', percent: 60 },
          year: 2026,
        },
        figures,
      ),
    );
    const { cost, yearlyRevenue, yearlyCosts } = result;
    expect(yearlyRevenue - yearlyCosts - cost.total).toBeGreaterThanOrEqual(600_000);
    // One hour less a year would not be enough.
    expect(yearlyRevenue - result.billableHoursPerYear - yearlyCosts - cost.total).toBeLessThan(
      600_000 + result.hourly,
    );
  });
});

describe('paušální daň or not', () => {
  it('finds paušální daň cheaper for 1 M Kč at 60 %, and by how much', () => {
    const result = value(comparePausal({ yearlyIncome: 1_000_000, year: 2026 }, figures));
    expect(result.band).toBe(1);
    expect(result.cheapest).toEqual({ kind: 'pausalni-dan', band: 1 });
    // flat rate: tax 29 160 + social 68 633 + health 39 665 = 137 458; band 1: 119 808
    expect(result.regimes.map((regime) => regime.total)).toEqual([119_808, 137_458]);
    expect(result.saving).toBe(17_650);
  });

  it('compares real expenses when given, and rules paušální daň out when the law does', () => {
    const real = value(
      comparePausal({ yearlyIncome: 1_200_000, yearlyExpenses: 900_000, year: 2026 }, figures),
    );
    expect(real.regimes).toHaveLength(3);
    const [first, second] = real.regimes;
    expect(first?.total).toBeLessThanOrEqual(second?.total ?? 0);
    const over = value(comparePausal({ yearlyIncome: 2_100_000, year: 2026 }, figures));
    expect(over.notPossible).toBe('income_over_limit');
    const other = value(
      comparePausal({ yearlyIncome: 500_000, otherIncome: true, year: 2026 }, figures),
    );
    expect(other.notPossible).toBe('other_income');
    expect(other.regimes.every((regime) => regime.regime.kind !== 'pausalni-dan')).toBe(true);
  });
});

describe('what to put aside', () => {
  it('keeps tax and insurance of the profit share, and the VAT of a price with VAT', () => {
    const result = value(
      putAside(
        {
          invoiceAmount: 12_100,
          vatRate: 21,
          regime: { kind: 'flat-rate-expenses', percent: 60 },
          year: 2026,
        },
        figures,
      ),
    );
    // VAT 2 100; profit share 40 % of 10 000 = 4 000: tax 600, social 643 (4 000 × 55 % × 29.2 %),
    // health 270 (4 000 × 50 % × 13.5 %)
    expect(result).toMatchObject({ vat: 2_100, tax: 600, social: 643, health: 270, keep: 3_613 });
    expect(result.share).toBe(29.9);
  });

  it('keeps nothing more on paušální daň', () => {
    const result = value(
      putAside(
        { invoiceAmount: 10_000, regime: { kind: 'pausalni-dan', band: 1 }, year: 2026 },
        figures,
      ),
    );
    expect(result).toMatchObject({ keep: 0, coveredByPausal: true });
  });
});

describe('the DPH watch', () => {
  const months = (amount: number) => Array.from({ length: 12 }, () => amount);

  it('says below, approaching from 80 %, and over with the registration day', () => {
    const watch = (amount: number, asOf = '2026-11-30') =>
      value(vatWatch({ monthlyTurnover: months(amount), asOf }, figures));
    expect(watch(133_333).status).toBe('below'); // 1 599 996
    expect(watch(133_334).status).toBe('approaching'); // 1 600 008
    const over = watch(170_000);
    expect(over).toMatchObject({ status: 'over-registration', turnover: 2_040_000, headroom: 0 });
    // The 10th working day of December 2026.
    expect(over.registrationDue).toBe('2026-12-14');
    // Over 2 536 500 on Friday 20 November: 10 working days from the next (Monday the 23rd).
    expect(watch(220_000, '2026-11-20')).toMatchObject({
      status: 'over-immediate',
      registrationDue: '2026-12-04',
    });
  });

  it('moves the registration day past the Christmas holidays', () => {
    const result = value(vatWatch({ monthlyTurnover: [2_100_000], asOf: '2026-12-15' }, figures));
    // January 2027: 1st is a holiday; working days from Monday the 4th: the 10th is the 15th.
    expect(result.registrationDue).toBe('2027-01-15');
  });
});

describe('OSVČ or s. r. o.', () => {
  it('compares a million of profit, clearly as an estimate', () => {
    const result = value(
      osvcVsSro(
        { yearlyProfit: 1_000_000, regime: { kind: 'real-expenses' }, year: 2026 },
        figures,
      ),
    );
    // OSVČ: 119 160 + 160 600 + 67 500; s. r. o.: 210 000 + 15 % of 790 000
    expect(result.osvc.total).toBe(347_260);
    expect(result.sro).toMatchObject({
      corporateTax: 210_000,
      dividendTax: 118_500,
      total: 328_500,
    });
    expect(result).toMatchObject({ cheaper: 'sro', difference: 18_760, estimate: true });
  });
});

describe('every calculator', () => {
  it('answers years without figures as unsupported, never with last year’s numbers', () => {
    for (const year of [2025, 2027]) {
      const result = comparePausal({ yearlyIncome: 500_000, year }, figures);
      expect(result).toEqual({ ok: false, problems: [], yearUnsupported: year });
    }
  });

  it('names each wrong field instead of computing', () => {
    const bad = hourlyRate(
      {
        netMonthlyIncome: -1,
        monthlyCosts: Number.NaN,
        billableHoursPerWeek: 200,
        regime: { kind: 'pausalni-dan', band: 4 as never },
        year: 2026,
      },
      figures,
    );
    expect(bad).toEqual({
      ok: false,
      problems: [
        { field: 'netMonthlyIncome', code: 'negative' },
        { field: 'monthlyCosts', code: 'not_a_number' },
        { field: 'billableHoursPerWeek', code: 'out_of_range' },
        { field: 'regime.band', code: 'out_of_range' },
      ],
    });
    expect(comparePausal({ yearlyIncome: 1e12, year: 2026 }, figures)).toMatchObject({
      problems: [{ field: 'yearlyIncome', code: 'too_large' }],
    });
    expect(vatWatch({ monthlyTurnover: [], asOf: 'zítra' }, figures)).toMatchObject({
      problems: [
        { field: 'monthlyTurnover', code: 'required' },
        { field: 'asOf', code: 'required' },
      ],
    });
    expect(
      putAside(
        { invoiceAmount: undefined as never, regime: undefined as never, year: 2026 },
        figures,
      ),
    ).toMatchObject({
      problems: [
        { field: 'invoiceAmount', code: 'required' },
        { field: 'regime', code: 'required' },
      ],
    });
  });

  it('are found by id', () => {
    expect(Object.keys(CALCULATORS).sort()).toEqual([
      'hourly-rate',
      'osvc-vs-sro',
      'pausal',
      'put-aside',
      'vat-watch',
    ]);
  });

  it('never cost less for more income', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(80, 60, 40, 30),
        (income, more, percent) => {
          const at = (amount: number) =>
            value(
              osvcVsSro(
                {
                  yearlyProfit: amount,
                  regime: { kind: 'flat-rate-expenses', percent },
                  yearlyIncome: amount,
                  year: 2026,
                },
                figures,
              ),
            ).osvc.total;
          return at(income + more) >= at(income);
        },
      ),
    );
  });
});
