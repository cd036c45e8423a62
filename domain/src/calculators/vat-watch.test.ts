import { describe, expect, it } from 'vitest';
import { VAT_APPROACHING_SHARE, vatWatch } from './vat-watch.ts';
import { figures, value } from './test-figures.ts';

/*
 * § 6 and § 94 odst. 1 ZDPH as in force since 2025 (https://www.zakonyprolidi.cz/cs/2004-235#p94):
 * registration within 10 working days of passing 2 000 000 Kč in the calendar year, a payer
 * from 1 January, or from the day after passing 2 536 500 Kč. The worked example of Pohoda
 * (https://portal.pohoda.cz/dane-ucetnictvi-mzdy/dph/zmena-v-registraci-platcu-dph): passed on
 * 12 March, the registration is due on the 26th. Working days skip weekends and the holidays of
 * z. 245/2000 Sb.
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

  it('says over with the registration day, 10 working days after the day it was passed', () => {
    // Passed on Thursday 12 March 2026, as in Pohoda's example for 2025: due on the 26th.
    expect(watch([2_050_000], '2026-03-12').registrationDue).toBe('2026-03-26');
    const over = watch(months(170_000));
    expect(over).toMatchObject({
      status: 'over-registration',
      turnover: 2_040_000,
      headroom: 0,
      threshold: 2_000_000,
      immediateThreshold: 2_536_500,
      registrationDue: '2026-12-14', // ten working days after Monday 30 November
    });
    expect(watch([2_000_001]).status).toBe('over-registration');
  });

  it('moves the registration day past the Christmas and New Year holidays', () => {
    // From Tuesday 22 December: 23, 28, 29, 30, 31 December (24–26 and 1 January are holidays),
    // then 4 to 8 January.
    expect(watch([2_100_000], '2026-12-22').registrationDue).toBe('2027-01-08');
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
