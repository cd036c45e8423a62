import { describe, expect, it } from 'vitest';
import { nextReminderAt } from './reminder-schedule.ts';

const PRAGUE = 'Europe/Prague';
const next = (weekday: number, hour: number, after: string, timeZone = PRAGUE) =>
  new Date(nextReminderAt({ weekday, hour, timeZone }, Date.parse(after))).toISOString();

describe('the next weekly reminder', () => {
  it('is the next time the clock there shows the day and hour', () => {
    // Monday 9:00 in Prague (CET, UTC+1), asked on Sunday.
    expect(next(1, 9, '2026-11-22T12:00:00Z')).toBe('2026-11-23T08:00:00.000Z');
    // Asked on Monday after 9:00: a week later.
    expect(next(1, 9, '2026-11-23T08:30:00Z')).toBe('2026-11-30T08:00:00.000Z');
    // Exactly at the time it was sent: the next one, never the same one again.
    expect(next(1, 9, '2026-11-23T08:00:00Z')).toBe('2026-11-30T08:00:00.000Z');
    // Sunday 20:00 in summer (CEST, UTC+2).
    expect(next(7, 20, '2026-07-01T00:00:00Z')).toBe('2026-07-05T18:00:00.000Z');
    // Another zone: Friday 17:00 in New York.
    expect(next(5, 17, '2026-11-22T12:00:00Z', 'America/New_York')).toBe(
      '2026-11-27T22:00:00.000Z',
    );
  });

  it('keeps the clock time across the changes to and from summer time', () => {
    // Monday 9:00 CEST, then the clocks go back on 25 October: Monday 9:00 CET.
    expect(next(1, 9, '2026-10-19T07:00:00Z')).toBe('2026-10-26T08:00:00.000Z');
    // Monday 9:00 CET, then the clocks go forward on 29 March 2027: Monday 9:00 CEST.
    expect(next(1, 9, '2027-03-22T08:00:00Z')).toBe('2027-03-29T07:00:00.000Z');
  });

  it('sends an hour the clocks skip when they jump, and an hour that happens twice once', () => {
    // Sunday 2:00 on 28 March 2027 does not exist in Prague: sent at 3:00 CEST.
    expect(next(7, 2, '2027-03-27T12:00:00Z')).toBe('2027-03-28T01:00:00.000Z');
    // Sunday 2:00 on 25 October 2026 happens twice: the first time (CEST) …
    expect(next(7, 2, '2026-10-24T12:00:00Z')).toBe('2026-10-25T00:00:00.000Z');
    // … and not again an hour later: the next one is a week on (CET).
    expect(next(7, 2, '2026-10-25T00:00:00Z')).toBe('2026-11-01T01:00:00.000Z');
  });
});
