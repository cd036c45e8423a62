import { describe, expect, it } from 'vitest';
import type { ActivityEvent } from './activity.ts';
import { addWeeks, isWeekId, reviewStreak, weekFigures, weekIn, weekOf } from './review-weeks.ts';

const PRAGUE = 'Europe/Prague';
const THIS_WEEK = '2026-11-23';
/** The weeks `n` weeks before this one. */
const ago = (...weeks: number[]) => weeks.map((n) => addWeeks(THIS_WEEK, -n));

describe('weeks', () => {
  it('are named by their Monday', () => {
    expect(weekOf(2026, 11, 23)).toBe('2026-11-23');
    expect(weekOf(2026, 11, 29)).toBe('2026-11-23'); // Sunday
    expect(weekOf(2027, 1, 1)).toBe('2026-12-28'); // across the year
    expect(addWeeks('2026-12-28', 1)).toBe('2027-01-04');
    expect(addWeeks('2026-03-30', -1)).toBe('2026-03-23'); // across the March clock change
    expect(isWeekId('2026-11-23')).toBe(true);
    expect(isWeekId('2026-11-24')).toBe(false); // a Tuesday
    expect(isWeekId('2026-13-01')).toBe(false);
  });

  it('begin at midnight on Monday in the user’s zone, not in UTC', () => {
    const prague = weekIn(PRAGUE);
    // Monday 00:30 in Prague is still Sunday in UTC.
    expect(prague(Date.parse('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(prague(Date.parse('2026-11-22T22:59:00Z'))).toBe('2026-11-16');
    // Summer time: Monday 00:30 CEST is 22:30 UTC on Sunday.
    expect(prague(Date.parse('2026-07-05T22:30:00Z'))).toBe('2026-07-06');
    expect(weekIn('America/New_York')(Date.parse('2026-11-23T03:00:00Z'))).toBe('2026-11-16');
  });
});

const event = (type: ActivityEvent['type'], at: string, ref?: string, n = 0): ActivityEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type,
  at,
  ...(ref ? { ref } : {}),
});

describe('a week’s figures', () => {
  it('count steps, finished goals and conversations of that week only, in the user’s zone', () => {
    const log = [
      event('goal_step_done', '2026-11-23T08:00:00Z', 'g1', 1),
      event('goal_step_done', '2026-11-24T08:00:00Z', 'g1', 2),
      event('goal_step_done', '2026-11-25T08:00:00Z', 'g2', 3),
      event('goal_completed', '2026-11-25T08:00:00Z', 'g2', 4),
      event('message_sent', '2026-11-26T08:00:00Z', 'c1', 5),
      event('message_sent', '2026-11-26T08:05:00Z', 'c1', 6), // the same conversation
      event('message_sent', '2026-11-29T22:30:00Z', 'c2', 7), // Sunday 23:30 in Prague
      event('message_sent', '2026-11-29T23:30:00Z', 'c3', 8), // Monday 00:30: next week
      event('goal_step_done', '2026-11-22T22:30:00Z', 'g1', 9), // Sunday 23:30: last week
      event('topic_opened', '2026-11-24T08:00:00Z', 'pricing', 10),
    ];
    expect(weekFigures(log, THIS_WEEK, PRAGUE)).toEqual({
      stepsDone: 3,
      goalsFinished: 1,
      conversations: 2,
    });
    expect(weekFigures([], THIS_WEEK, PRAGUE)).toEqual({
      stepsDone: 0,
      goalsFinished: 0,
      conversations: 0,
    });
  });
});

describe('the review streak', () => {
  it('counts weeks in a row with a review, this week once it is done', () => {
    expect(reviewStreak([], THIS_WEEK)).toBe(0);
    expect(reviewStreak(ago(0), THIS_WEEK)).toBe(1);
    expect(reviewStreak(ago(0, 1, 2), THIS_WEEK)).toBe(3);
    // This week is not over: not reviewed yet is not missed.
    expect(reviewStreak(ago(1, 2), THIS_WEEK)).toBe(2);
  });

  it('forgives one missed week in any four', () => {
    expect(reviewStreak(ago(0, 2, 3, 4), THIS_WEEK)).toBe(4);
    expect(reviewStreak(ago(2, 3), THIS_WEEK)).toBe(2); // last week missed, this one not yet done
    // Misses four weeks apart are each forgiven.
    expect(reviewStreak(ago(0, 1, 2, 4, 5, 6, 8, 9), THIS_WEEK)).toBe(8);
  });

  it('breaks at a second miss within four weeks', () => {
    expect(reviewStreak(ago(0, 2, 4, 5), THIS_WEEK)).toBe(2); // weeks 1 and 3 missed
    expect(reviewStreak(ago(0, 3, 4), THIS_WEEK)).toBe(1); // two missed in a row
    expect(reviewStreak(ago(3, 4), THIS_WEEK)).toBe(0); // weeks 1 and 2 missed
    expect(reviewStreak(ago(0, 1, 2, 4, 6, 7), THIS_WEEK)).toBe(4); // 3 and 5 missed: 2 apart
  });

  it('ignores a week named twice and reviews after this week', () => {
    expect(reviewStreak([...ago(0, 1), ...ago(1)], THIS_WEEK)).toBe(2);
    expect(reviewStreak([addWeeks(THIS_WEEK, 1), ...ago(0)], THIS_WEEK)).toBe(1);
  });
});
