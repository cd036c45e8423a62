import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  czechHolidays,
  easterSunday,
  isWorkingDay,
  nextWorkingDay,
} from './czech-holidays.ts';

describe('easterSunday', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2000, '2000-04-23'],
    [2038, '2038-04-25'],
  ])('%i → %s', (year, easter) => {
    expect(easterSunday(year)).toBe(easter);
  });
});

describe('czechHolidays', () => {
  it('lists the 13 holidays of 2026 with Good Friday and Easter Monday', () => {
    expect(czechHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-05-08',
      '2026-07-05',
      '2026-07-06',
      '2026-09-28',
      '2026-10-28',
      '2026-11-17',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('works for any year, e.g. 2031', () => {
    const holidays = czechHolidays(2031);
    expect(holidays).toHaveLength(13);
    expect(holidays).toContain('2031-04-11');
    expect(holidays).toContain('2031-04-14');
  });
});

describe('working days', () => {
  it('knows weekends and holidays', () => {
    expect(isWorkingDay('2026-11-26')).toBe(true);
    expect(isWorkingDay('2026-11-28')).toBe(false);
    expect(isWorkingDay('2026-11-17')).toBe(false);
    expect(isWorkingDay('2027-03-26')).toBe(false);
  });

  it('moves a deadline to the next working day', () => {
    expect(nextWorkingDay('2027-05-01')).toBe('2027-05-03');
    expect(nextWorkingDay('2027-01-10')).toBe('2027-01-11');
    expect(nextWorkingDay('2026-12-24')).toBe('2026-12-28');
    expect(nextWorkingDay('2026-11-26')).toBe('2026-11-26');
  });

  it('adds working days across weekends and holidays', () => {
    expect(addWorkingDays('2026-11-26', 1)).toBe('2026-11-27');
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(addWorkingDays('2026-12-23', 1)).toBe('2026-12-28');
    expect(addWorkingDays('2026-12-23', 0)).toBe('2026-12-23');
  });
});
