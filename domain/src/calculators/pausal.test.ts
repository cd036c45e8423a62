import { describe, expect, it } from 'vitest';
import { comparePausal } from './pausal.ts';
import { figures, value } from './test-figures.ts';

/*
 * Paušální daň bands and their 2026 payments: finanční správa
 * (https://www.financnisprava.cz/cs/dane/dane/dan-z-prijmu/pausalni-dan) and § 2a, § 7a ZDP
 * (https://www.zakonyprolidi.cz/cs/1992-586#p2a); the other regimes worked by hand from § 7,
 * § 16, § 35ba ZDP and the 2026 insurance minimums (sources in osvc-costs.test.ts).
 */
describe('paušální daň or not', () => {
  it('finds band 1 cheaper for 1 M Kč at 60 %, and by how much', () => {
    const result = value(comparePausal({ yearlyIncome: 1_000_000, year: 2026 }, figures));
    expect(result.band).toBe(1);
    expect(result.notPossible).toBeUndefined();
    expect(result.cheapest).toEqual({ kind: 'pausalni-dan', band: 1 });
    // flat rate: tax 29 160 + social 68 633 + health 39 665 = 137 458; band 1: 12 × 9 984
    expect(result.regimes.map((regime) => regime.total)).toEqual([119_808, 137_458]);
    expect(result.saving).toBe(17_650);
  });

  it('needs band 2 for 1.2 M Kč of a free profession (40 %)', () => {
    const result = value(
      comparePausal({ yearlyIncome: 1_200_000, flatRatePercent: 40, year: 2026 }, figures),
    );
    expect(result.band).toBe(2);
    // 40 %: profit 720 000 → tax 77 160, social 115 632 (55 %), health 48 600 (50 %)
    expect(result.regimes[1]).toEqual({
      regime: { kind: 'flat-rate-expenses', percent: 40 },
      tax: 77_160,
      social: 115_632,
      health: 48_600,
      total: 241_392,
    });
    expect(result.regimes[0]?.total).toBe(12 * 16_745);
    expect(result.saving).toBe(241_392 - 200_940);
  });

  it('compares real expenses when given, cheapest first', () => {
    const result = value(
      comparePausal(
        { yearlyIncome: 1_200_000, yearlyExpenses: 900_000, flatRatePercent: 80, year: 2026 },
        figures,
      ),
    );
    // 80 %: profit 240 000 → 5 160 + minimums 68 633 + 39 665; real: profit 300 000 → 14 160 + the same
    expect(result.regimes.map(({ regime, total }) => [regime.kind, total])).toEqual([
      ['flat-rate-expenses', 113_458],
      ['pausalni-dan', 119_808],
      ['real-expenses', 122_458],
    ]);
    expect(result.cheapest).toEqual({ kind: 'flat-rate-expenses', percent: 80 });
    expect(result.saving).toBe(6_350);
  });

  it('rules paušální daň out over 2 M Kč and with other income', () => {
    const over = value(comparePausal({ yearlyIncome: 2_000_001, year: 2026 }, figures));
    expect(over).toMatchObject({ notPossible: 'income_over_limit', saving: 0 });
    expect(over.band).toBeUndefined();
    expect(over.regimes.map((regime) => regime.regime.kind)).toEqual(['flat-rate-expenses']);
    const other = value(
      comparePausal({ yearlyIncome: 500_000, otherIncome: true, year: 2026 }, figures),
    );
    expect(other.notPossible).toBe('other_income');
    expect(other.regimes.every((regime) => regime.regime.kind !== 'pausalni-dan')).toBe(true);
    const payer = value(
      comparePausal({ yearlyIncome: 500_000, vatPayer: true, year: 2026 }, figures),
    );
    expect(payer).toMatchObject({ notPossible: 'vat_payer', regimes: [{ total: 108_298 }] });
    expect(payer.band).toBeUndefined();
  });

  it('answers 2025 and 2027 as unsupported years', () => {
    for (const year of [2025, 2027]) {
      expect(comparePausal({ yearlyIncome: 500_000, year }, figures)).toEqual({
        ok: false,
        problems: [],
        yearUnsupported: year,
      });
    }
  });

  it('names each wrong field instead of computing', () => {
    expect(
      comparePausal(
        {
          yearlyIncome: 1e12,
          yearlyExpenses: -5,
          flatRatePercent: 50 as never,
          vatPayer: 'yes' as never,
          year: 2026.5,
        },
        figures,
      ),
    ).toEqual({
      ok: false,
      problems: [
        { field: 'yearlyIncome', code: 'too_large' },
        { field: 'yearlyExpenses', code: 'negative' },
        { field: 'flatRatePercent', code: 'out_of_range' },
        { field: 'vatPayer', code: 'out_of_range' },
        { field: 'year', code: 'out_of_range' },
      ],
    });
    expect(comparePausal({} as never, figures)).toMatchObject({
      problems: [
        { field: 'yearlyIncome', code: 'required' },
        { field: 'year', code: 'required' },
      ],
    });
  });
});
