import { describe, expect, it } from 'vitest';
import { osvcVsSro } from './osvc-vs-sro.ts';
import { figures, value } from './test-figures.ts';

/*
 * An s. r. o.: 21 % of a base rounded down to thousands (§ 20 and § 21 ZDP), then 15 %
 * withheld on the dividend, rounded down (§ 36 odst. 2 and 3 ZDP,
 * https://www.zakonyprolidi.cz/cs/1992-586#p36). The OSVČ side as in osvc-costs.test.ts.
 */
describe('OSVČ or s. r. o.', () => {
  it('compares a million of profit, clearly as an estimate', () => {
    const result = value(
      osvcVsSro(
        { yearlyProfit: 1_000_000, regime: { kind: 'real-expenses' }, year: 2026 },
        figures,
      ),
    );
    // OSVČ: 119 160 + 160 600 + 67 500; s. r. o.: 210 000 + 15 % of 790 000
    expect(result.osvc).toEqual({
      tax: 119_160,
      social: 160_600,
      health: 67_500,
      total: 347_260,
      netIncome: 652_740,
    });
    expect(result.sro).toEqual({
      corporateTax: 210_000,
      dividendTax: 118_500,
      total: 328_500,
      netIncome: 671_500,
    });
    expect(result).toMatchObject({ cheaper: 'sro', difference: 18_760, estimate: true });
  });

  it('uses 60 % flat-rate expenses of the income by default', () => {
    const result = value(
      osvcVsSro({ yearlyProfit: 300_000, yearlyIncome: 500_000, year: 2026 }, figures),
    );
    // Taxed 200 000: the credit covers the tax; the insurance minimums apply.
    expect(result.osvc).toMatchObject({ tax: 0, total: 108_298, netIncome: 191_702 });
    expect(result.sro).toMatchObject({ corporateTax: 63_000, dividendTax: 35_550 });
  });

  it('rounds the corporate base down to thousands and the dividend tax down to crowns', () => {
    const result = value(
      osvcVsSro({ yearlyProfit: 123_457, regime: { kind: 'real-expenses' }, year: 2026 }, figures),
    );
    // 123 000 × 21 % = 25 830; (123 457 − 25 830) × 15 % = 14 644.05 → 14 644
    expect(result.sro).toMatchObject({ corporateTax: 25_830, dividendTax: 14_644 });
  });

  it('answers 2025 and 2027 as unsupported years', () => {
    for (const year of [2025, 2027]) {
      expect(osvcVsSro({ yearlyProfit: 1_000_000, year }, figures)).toEqual({
        ok: false,
        problems: [],
        yearUnsupported: year,
      });
    }
  });

  it('names each wrong field instead of computing', () => {
    expect(
      osvcVsSro({ yearlyProfit: 500_000, yearlyIncome: 400_000, year: 2026 }, figures),
    ).toEqual({ ok: false, problems: [{ field: 'yearlyIncome', code: 'out_of_range' }] });
    expect(
      osvcVsSro(
        { yearlyProfit: Number.POSITIVE_INFINITY, regime: {} as never, year: 1e6 },
        figures,
      ),
    ).toEqual({
      ok: false,
      problems: [
        { field: 'yearlyProfit', code: 'not_a_number' },
        { field: 'regime', code: 'out_of_range' },
        { field: 'year', code: 'out_of_range' },
      ],
    });
  });
});
