import { describe, expect, it } from 'vitest';
import { putAside } from './put-aside.ts';
import { figures, value } from './test-figures.ts';

/*
 * The marginal rates of one invoice: 15 % tax (§ 16 ZDP), 29.2 % social of 55 % of the profit
 * (§ 5b, § 7 z. 589/1992), 13.5 % health of 50 % (§ 2, § 3a z. 592/1992); the VAT inside a price
 * is price × rate ÷ (100 + rate) (§ 37 ZDPH, https://www.zakonyprolidi.cz/cs/2004-235#p37).
 */
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
    // VAT 2 100; profit share 40 % of 10 000 = 4 000: tax 600, social 642.4 → 643, health 270
    expect(result).toMatchObject({ vat: 2_100, tax: 600, social: 643, health: 270, keep: 3_613 });
    expect(result.share).toBe(29.9);
    expect(result.coveredByPausal).toBeUndefined();
  });

  it('takes the whole invoice as profit with real expenses', () => {
    const result = value(
      putAside({ invoiceAmount: 10_000, regime: { kind: 'real-expenses' }, year: 2026 }, figures),
    );
    // 1 500 + 1 606 (10 000 × 55 % × 29.2 %) + 675 (10 000 × 50 % × 13.5 %)
    expect(result).toMatchObject({ tax: 1_500, social: 1_606, health: 675, vat: 0, keep: 3_781 });
    expect(result.share).toBe(37.8);
  });

  it('keeps only the VAT on paušální daň, and says the rest is in the monthly payment', () => {
    const result = value(
      putAside(
        {
          invoiceAmount: 12_100,
          vatRate: 21,
          regime: { kind: 'pausalni-dan', band: 1 },
          year: 2026,
        },
        figures,
      ),
    );
    expect(result).toMatchObject({ keep: 2_100, tax: 0, social: 0, health: 0, vat: 2_100 });
    expect(result.coveredByPausal).toBe(true);
  });

  it('keeps nothing of a zero invoice', () => {
    const result = value(
      putAside({ invoiceAmount: 0, regime: { kind: 'real-expenses' }, year: 2026 }, figures),
    );
    expect(result).toMatchObject({ keep: 0, share: 0 });
  });

  it('answers 2025 and 2027 as unsupported years', () => {
    for (const year of [2025, 2027]) {
      expect(
        putAside({ invoiceAmount: 1_000, regime: { kind: 'real-expenses' }, year }, figures),
      ).toEqual({ ok: false, problems: [], yearUnsupported: year });
    }
  });

  it('names each wrong field instead of computing', () => {
    expect(
      putAside(
        { invoiceAmount: undefined as never, regime: undefined as never, year: 2026 },
        figures,
      ),
    ).toEqual({
      ok: false,
      problems: [
        { field: 'invoiceAmount', code: 'required' },
        { field: 'regime', code: 'required' },
      ],
    });
    expect(
      putAside(
        {
          invoiceAmount: -100,
          vatRate: 150,
          regime: { kind: 'flat-rate-expenses', percent: 50 as never },
          year: 2026,
        },
        figures,
      ),
    ).toEqual({
      ok: false,
      problems: [
        { field: 'invoiceAmount', code: 'negative' },
        { field: 'regime.percent', code: 'out_of_range' },
        { field: 'vatRate', code: 'out_of_range' },
      ],
    });
    expect(
      putAside({ invoiceAmount: 1e9, regime: { kind: 'salary' } as never, year: 2026 }, figures),
    ).toMatchObject({
      problems: [
        { field: 'invoiceAmount', code: 'too_large' },
        { field: 'regime', code: 'out_of_range' },
      ],
    });
  });
});
