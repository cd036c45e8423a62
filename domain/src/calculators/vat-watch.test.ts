import { describe, expect, it } from 'vitest';
import { VAT_APPROACHING_SHARE, vatWatch } from './vat-watch.ts';
import { figures, value } from './test-figures.ts';

/*
 * § 6 and § 94 odst. 1 ZDPH (https://www.zakonyprolidi.cz/cs/2004-235#p6): registration within
 * 10 working days after the month the 2 000 000 Kč turnover was passed; a payer from the day
 * after passing 2 536 500 Kč. Working days skip weekends and the holidays of z. 245/2000 Sb.
 */
const months = (amount: number) => Array.from({ length: 12 }, () => amount);
const watch = (monthlyTurnover: number[], asOf = '2026-11-30') =>
  value(vatWatch({ monthlyTurnover, asOf }, figures));

describe('the DPH watch', () => {
  it('says below, and approaching from 80 % of the threshold', () => {
    expect(VAT_APPROACHING_SHARE).toBe(0.8);
    expect(watch(months(133_333))).toMatchObject({
      status: 'below',
      turnover: 1_599_996,
      headroom: 400_004,
      percent: 80,
    });
    expect(watch([1_600_000]).status).toBe('approaching');
    expect(watch([2_000_000])).toMatchObject({ status: 'approaching', headroom: 0 });
  });

  it('says over with the registration day: the 10th working day of the next month', () => {
    const over = watch(months(170_000));
    expect(over).toMatchObject({
      status: 'over-registration',
      turnover: 2_040_000,
      headroom: 0,
      threshold: 2_000_000,
      immediateThreshold: 2_536_500,
      registrationDue: '2026-12-14',
    });
    expect(watch([2_000_001]).status).toBe('over-registration');
  });

  it('moves the registration day past the Christmas and New Year holidays', () => {
    // January 2027: the 1st is a holiday; ten working days from Monday the 4th end on the 15th.
    expect(watch([2_100_000], '2026-12-15').registrationDue).toBe('2027-01-15');
  });

  it('over 2 536 500 Kč: registration within 10 working days, payer from the next day', () => {
    // Passed on Friday 20 November 2026: ten working days from Monday the 23rd.
    expect(watch([2_536_501], '2026-11-20')).toMatchObject({
      status: 'over-immediate',
      registrationDue: '2026-12-04',
      payerFrom: '2026-11-21',
    });
    expect(watch([2_536_500], '2026-11-20').status).toBe('over-registration');
  });

  it('shows the calendar year’s turnover, which the law counts since 2025', () => {
    // Twelve months of 170 000 to November: 11 of them are in 2026, 1 870 000 Kč.
    const november = watch(months(170_000));
    expect(november.calendarYearTurnover).toBe(1_870_000);
    expect(november.payerFrom).toBeUndefined();
    const december = watch(months(170_000), '2026-12-31');
    expect(december).toMatchObject({ calendarYearTurnover: 2_040_000, payerFrom: '2027-01-01' });
  });

  it('answers a day in 2025 or 2027 as an unsupported year', () => {
    expect(vatWatch({ monthlyTurnover: [1], asOf: '2025-12-31' }, figures)).toEqual({
      ok: false,
      problems: [],
      yearUnsupported: 2025,
    });
    expect(vatWatch({ monthlyTurnover: [1], asOf: '2027-01-01' }, figures)).toMatchObject({
      yearUnsupported: 2027,
    });
  });

  it('names each wrong field instead of computing', () => {
    expect(vatWatch({ monthlyTurnover: [], asOf: 'zítra' }, figures)).toEqual({
      ok: false,
      problems: [
        { field: 'monthlyTurnover', code: 'required' },
        { field: 'asOf', code: 'out_of_range' },
      ],
    });
    expect(vatWatch({ monthlyTurnover: months(1).concat(1), asOf: '2026-02-30' }, figures)).toEqual(
      {
        ok: false,
        problems: [
          { field: 'monthlyTurnover', code: 'too_large' },
          { field: 'asOf', code: 'out_of_range' },
        ],
      },
    );
    expect(vatWatch({ monthlyTurnover: [100, -1, Number.NaN, 2e9] } as never, figures)).toEqual({
      ok: false,
      problems: [
        { field: 'monthlyTurnover.1', code: 'negative' },
        { field: 'monthlyTurnover.2', code: 'not_a_number' },
        { field: 'monthlyTurnover.3', code: 'too_large' },
        { field: 'asOf', code: 'required' },
      ],
    });
  });
});
