import { describe, expect, it } from 'vitest';
import { billableHours, hourlyRate } from './hourly-rate.ts';
import { figures, value } from './test-figures.ts';
import type { HourlyRateInput } from './types.ts';

/*
 * Worked by hand from ZDP § 7, § 16, § 35ba, z. 589/1992 § 5b, § 9 and z. 592/1992 § 3a with the
 * 2026 figures (see osvc-costs.test.ts for their sources), and the paušální daň bands of finanční
 * správa (https://www.financnisprava.cz/cs/dane/dane/dan-z-prijmu/pausalni-dan).
 */
const rate = (input: Partial<HourlyRateInput>) =>
  value(
    hourlyRate(
      {
        netMonthlyIncome: 30_000,
        monthlyCosts: 0,
        billableHoursPerWeek: 40,
        regime: { kind: 'flat-rate-expenses', percent: 60 },
        year: 2026,
        ...input,
      },
      figures,
    ),
  );

describe('billable hours', () => {
  it('are the weeks worked less sick days of a fifth of the week each', () => {
    expect(billableHours(40, 5, 10)).toBe(1_800); // 40 × 47 − 10 × 8
    expect(billableHours(30, 5, 10)).toBe(1_350);
    expect(billableHours(25, 0, 0)).toBe(1_300);
  });
});

describe('the hourly rate', () => {
  it('covers the wanted net, the costs and paušální daň in the billable hours', () => {
    const result = rate({
      netMonthlyIncome: 40_000,
      monthlyCosts: 5_000,
      billableHoursPerWeek: 30,
      regime: { kind: 'pausalni-dan', band: 1 },
    });
    // 12 × 45 000 + 12 × 9 984 = 659 808 Kč in 1 350 hours → 488.7 → 489 Kč
    expect(result).toMatchObject({ billableHoursPerYear: 1_350, hourly: 489, daily: 3_912 });
    expect(result.cost.total).toBe(119_808);
    expect(result.bandRaisedTo).toBeUndefined();
  });

  it('raises the band when the revenue needs it', () => {
    // Band 1 would need 1 319 808 Kč, over 1 M; band 2: 1 200 000 + 12 × 16 745 in 1 800 hours.
    const result = rate({ netMonthlyIncome: 100_000, regime: { kind: 'pausalni-dan', band: 1 } });
    expect(result).toMatchObject({ bandRaisedTo: 2, hourly: 779, yearlyRevenue: 1_402_200 });
  });

  it('keeps band 1 up to 1.5 M Kč for a trade with 60 % flat-rate expenses (§ 2a ZDP)', () => {
    const result = rate({
      netMonthlyIncome: 100_000,
      regime: { kind: 'pausalni-dan', band: 1 },
      flatRatePercent: 60,
    });
    // 1 200 000 + 12 × 9 984 = 1 319 808 Kč in 1 800 hours → 733.2 → 734 Kč
    expect(result).toMatchObject({ hourly: 734, yearlyRevenue: 1_321_200 });
    expect(result.bandRaisedTo).toBeUndefined();
  });

  it('raises the band when only the rounded-up rate crosses the limit', () => {
    // 12 × 73 300 + 119 808 = 999 408 fits band 1, but 741 Kč × 1 350 h = 1 000 350 does not.
    const result = rate({
      netMonthlyIncome: 73_000,
      monthlyCosts: 300,
      billableHoursPerWeek: 30,
      regime: { kind: 'pausalni-dan', band: 1 },
    });
    expect(result).toMatchObject({ bandRaisedTo: 2, hourly: 801 });
    expect(result.netMonthly).toBeGreaterThanOrEqual(73_000);
  });

  it('leaves paušální daň over its 2 M limit and computes with 60 % flat-rate expenses', () => {
    const result = rate({ netMonthlyIncome: 200_000, regime: { kind: 'pausalni-dan', band: 1 } });
    expect(result.pausalNotPossible).toBe(true);
    expect(result.yearlyRevenue).toBeGreaterThan(2_000_000);
    expect(result.cost.tax).toBeGreaterThan(0);
  });

  it('finds the smallest rate with flat-rate expenses on a main business', () => {
    // Profit 40 % stays under the minimums and the credit covers the tax: R − 108 298 ≥ 360 000
    // → R ≥ 468 298 → 468 298 ÷ 1 800 h = 260.2 → 261 Kč.
    const result = rate({});
    expect(result).toMatchObject({ hourly: 261, daily: 2_088, yearlyRevenue: 469_800 });
    expect(result.cost).toEqual({ tax: 0, social: 68_633, health: 39_665, total: 108_298 });
    expect(result.netMonthly).toBe(30_125);
  });

  it('counts real expenses as the costs', () => {
    const result = rate({ monthlyCosts: 10_000, regime: { kind: 'real-expenses' } });
    const { yearlyRevenue, yearlyCosts, cost, hourly, billableHoursPerYear } = result;
    expect(yearlyCosts).toBe(120_000);
    expect(yearlyRevenue - yearlyCosts - cost.total).toBeGreaterThanOrEqual(360_000);
    // One crown an hour less would not be enough.
    const less = (hourly - 1) * billableHoursPerYear;
    expect(less - yearlyCosts - cost.total).toBeLessThan(360_000);
  });

  it('pays no social insurance on a side business that stays under the rozhodná částka', () => {
    // Health only: R − 13.5 % × 50 % × 40 % × R ≥ 96 000 → 98 665 Kč in 450 hours → 220 Kč.
    const small = rate({
      netMonthlyIncome: 8_000,
      billableHoursPerWeek: 10,
      activity: 'side',
    });
    expect(small).toMatchObject({ hourly: 220, yearlyRevenue: 99_000 });
    expect(small.cost).toEqual({ tax: 0, social: 0, health: 2_673, total: 2_673 });
  });

  it('finds the rate below the rozhodná částka even though more revenue past it also suffices', () => {
    // 276 000 Kč net: 284 400 Kč (158 × 1 800) keeps the profit under 117 521 Kč; a search
    // that jumped past the limit would ask about 169 Kč.
    const result = rate({ netMonthlyIncome: 23_000, activity: 'side' });
    expect(result).toMatchObject({ hourly: 158, yearlyRevenue: 284_400 });
    expect(result.cost.social).toBe(0);
    expect(result.netMonthly).toBeGreaterThanOrEqual(23_000);
  });

  it('answers 2025 and 2027 as unsupported years', () => {
    for (const year of [2025, 2027]) {
      expect(
        hourlyRate(
          {
            netMonthlyIncome: 30_000,
            monthlyCosts: 0,
            billableHoursPerWeek: 40,
            regime: { kind: 'real-expenses' },
            year,
          },
          figures,
        ),
      ).toEqual({ ok: false, problems: [], yearUnsupported: year });
    }
  });

  it('names each wrong field instead of computing', () => {
    expect(
      hourlyRate(
        {
          netMonthlyIncome: -1,
          monthlyCosts: Number.NaN,
          billableHoursPerWeek: 200,
          holidayWeeks: 52,
          regime: { kind: 'pausalni-dan', band: 4 as never },
          activity: 'hobby' as never,
          year: '2026' as never,
        },
        figures,
      ),
    ).toEqual({
      ok: false,
      problems: [
        { field: 'netMonthlyIncome', code: 'negative' },
        { field: 'monthlyCosts', code: 'not_a_number' },
        { field: 'billableHoursPerWeek', code: 'out_of_range' },
        { field: 'holidayWeeks', code: 'out_of_range' },
        { field: 'regime.band', code: 'out_of_range' },
        { field: 'activity', code: 'out_of_range' },
        { field: 'year', code: 'not_a_number' },
      ],
    });
    expect(
      hourlyRate(
        { netMonthlyIncome: 1e12, monthlyCosts: 0, billableHoursPerWeek: 0 } as never,
        figures,
      ),
    ).toEqual({
      ok: false,
      problems: [
        { field: 'netMonthlyIncome', code: 'too_large' },
        { field: 'billableHoursPerWeek', code: 'out_of_range' },
        { field: 'regime', code: 'required' },
        { field: 'year', code: 'required' },
      ],
    });
    expect(hourlyRate(undefined as never, figures)).toEqual({
      ok: false,
      problems: [{ field: 'input', code: 'required' }],
    });
  });
});
