import { describe, expect, it } from 'vitest';
import {
  appendActivity,
  computeStats,
  isActivityEvent,
  recentActivity,
  startOfWeek,
  upgradeActivityEvent,
  type ActivityEvent,
  type ActivityType,
} from './activity.ts';
import { isId, legacyId, newId } from './ids.ts';

// Tests run in Europe/Prague (see vitest.config.ts). Wednesday 2026-11-18, 14:00.
const NOW = new Date(2026, 10, 18, 14, 0);
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();
const ev = (type: ActivityType, when: string, ref?: string): ActivityEvent => ({
  id: newId(),
  type,
  at: when,
  ref,
});

describe('computeStats', () => {
  it('gives a new user zeros everywhere', () => {
    expect(computeStats([], NOW)).toEqual({
      conversations: { total: 0, thisWeek: 0 },
      topics: { total: 0, thisWeek: 0 },
      goals: { total: 0, thisMonth: 0 },
      activityRate: { percent: 0, change: 0 },
    });
  });

  it('counts distinct conversations, and this week those that started since Monday 00:00', () => {
    const events = [
      ev('message_sent', at(2026, 11, 1), 'old'),
      ev('message_sent', at(2026, 11, 17), 'old'), // an old conversation continued: not new
      ev('message_sent', new Date(2026, 10, 15, 23, 59).toISOString(), 'sunday'),
      ev('message_sent', new Date(2026, 10, 16, 0, 0).toISOString(), 'monday'),
      ev('message_sent', at(2026, 11, 18), 'monday'),
      ev('message_sent', at(2026, 11, 18), 'today'),
      ev('message_sent', at(2026, 11, 18)), // without a conversation: ignored
    ];
    expect(computeStats(events, NOW).conversations).toEqual({ total: 4, thisWeek: 2 });
  });

  it('counts distinct topics explored', () => {
    const events = [
      ev('topic_opened', at(2026, 10, 2), 'sales'),
      ev('topic_opened', at(2026, 11, 18), 'sales'),
      ev('topic_opened', at(2026, 11, 17), 'focus'),
    ];
    expect(computeStats(events, NOW).topics).toEqual({ total: 2, thisWeek: 1 });
  });

  it('counts goals achieved, and this month those completed since the 1st at 00:00', () => {
    const events = [
      ev('goal_completed', new Date(2026, 9, 31, 23, 59).toISOString(), 'october'),
      ev('goal_completed', new Date(2026, 10, 1, 0, 0).toISOString(), 'november'),
      ev('goal_completed', at(2026, 11, 10), 'november'),
      ev('goal_step_done', at(2026, 11, 10), 'other'),
    ];
    expect(computeStats(events, NOW).goals).toEqual({ total: 2, thisMonth: 1 });
  });

  it('rates activity as the share of active days in the last 30, against the 30 before', () => {
    const events = [
      // 6 active days in the last 30 (today included), one of them twice
      ...[0, 1, 2, 10, 20, 29].map((daysAgo) =>
        ev('article_read', at(2026, 11, 18 - daysAgo), 'x'),
      ),
      ev('article_read', at(2026, 11, 18, 8), 'x'),
      // 3 active days in the 30 before
      ...[30, 45, 59].map((daysAgo) => ev('topic_opened', at(2026, 11, 18 - daysAgo), 'x')),
      // outside both windows
      ev('topic_opened', at(2026, 11, 18 - 60), 'x'),
    ];
    expect(computeStats(events, NOW).activityRate).toEqual({ percent: 20, change: 10 });
  });

  it('places events on the right local day across a daylight-saving change', () => {
    // Europe/Prague leaves summer time on 2026-10-25: that day has 25 hours.
    const now = new Date(2026, 9, 27, 9);
    const events = [
      ev('article_read', new Date(2026, 9, 25, 0, 30).toISOString(), 'a'),
      ev('article_read', new Date(2026, 9, 25, 23, 30).toISOString(), 'a'),
      ev('article_read', new Date(2026, 9, 26, 0, 30).toISOString(), 'a'),
    ];
    // Two distinct days (the 25th and the 26th) out of 30.
    expect(computeStats(events, now).activityRate.percent).toBe(7);
  });

  it('handles a full log of 10,000 events', () => {
    const events: ActivityEvent[] = [];
    for (let i = 0; i < 10_000; i++) {
      const when = new Date(NOW.getTime() - i * 9 * 60_000).toISOString(); // every 9 minutes
      events.push(ev(i % 2 ? 'message_sent' : 'topic_opened', when, `ref-${i % 50}`));
    }
    const stats = computeStats(events, NOW);
    expect(stats.conversations.total).toBe(25);
    expect(stats.topics.total).toBe(25);
    // 10,000 × 9 minutes is 62.5 days: every day of both windows is active.
    expect(stats.activityRate).toEqual({ percent: 100, change: 0 });
  });
});

describe('startOfWeek', () => {
  it('starts weeks on Monday, also across a month and a year', () => {
    expect(startOfWeek(new Date(2026, 10, 16, 0, 0))).toEqual(new Date(2026, 10, 16));
    expect(startOfWeek(new Date(2026, 10, 22, 23, 59))).toEqual(new Date(2026, 10, 16));
    expect(startOfWeek(new Date(2027, 0, 1, 9))).toEqual(new Date(2026, 11, 28));
  });
});

describe('appendActivity', () => {
  it('drops the oldest events beyond the limit', () => {
    let log: ActivityEvent[] = [];
    for (let i = 0; i < 5; i++)
      log = appendActivity(log, ev('topic_opened', at(2026, 11, 1 + i), `t${i}`), 3);
    expect(log.map((e) => e.ref)).toEqual(['t2', 't3', 't4']);
  });
});

describe('recentActivity', () => {
  it('lists the newest four first', () => {
    const events = [1, 5, 3, 2, 4].map((d) => ev('article_read', at(2026, 11, d), `a${d}`));
    expect(recentActivity(events).map((e) => e.ref)).toEqual(['a5', 'a4', 'a3', 'a2']);
  });
});

describe('recentActivity with equal timestamps', () => {
  it('puts the later-logged event first', () => {
    const when = at(2026, 11, 5);
    const events = [ev('goal_step_done', when, 'g'), ev('goal_completed', when, 'g')];
    expect(recentActivity(events).map((e) => e.type)).toEqual(['goal_completed', 'goal_step_done']);
  });
});

describe('isActivityEvent', () => {
  it('accepts well-formed events and refuses anything else', () => {
    expect(isActivityEvent(ev('goal_completed', at(2026, 1, 1), 'g'))).toBe(true);
    expect(isActivityEvent({ type: 'hacked', at: at(2026, 1, 1) })).toBe(false);
    expect(isActivityEvent({ type: 'goal_completed', at: 'yesterday' })).toBe(false);
    expect(isActivityEvent({ type: 'goal_completed', at: at(2026, 1, 1), ref: 5 })).toBe(false);
    expect(isActivityEvent(null)).toBe(false);
  });
});

describe('upgradeActivityEvent', () => {
  it('gives an old event a stable id and points its conversation or goal at the new ids', () => {
    const old = { type: 'goal_step_done', at: at(2026, 1, 1), ref: '1', label: 'Cíl' };
    const upgraded = upgradeActivityEvent(old) as ActivityEvent;
    expect(isActivityEvent(upgraded)).toBe(true);
    expect(isId(upgraded.id)).toBe(true);
    expect(upgraded.ref).toBe(legacyId('goal', '1'));
    expect(upgradeActivityEvent(old)).toEqual(upgraded);
    expect(upgradeActivityEvent(upgraded)).toEqual(upgraded);
    const message = upgradeActivityEvent({
      type: 'message_sent',
      at: at(2026, 1, 1),
      ref: '1700000000000',
    });
    expect(message).toMatchObject({ ref: legacyId('conversation', '1700000000000') });
    const topic = upgradeActivityEvent({ type: 'topic_opened', at: at(2026, 1, 1), ref: 'sales' });
    expect(topic).toMatchObject({ ref: 'sales' });
  });
});

describe('computeStats in a given time zone (the server, counting for a user)', () => {
  // Around the end of summer time (25 October 2026) and across week and month boundaries.
  const events = [
    ev('message_sent', new Date(2026, 9, 25, 1, 30).toISOString(), 'dst-night'),
    ev('message_sent', new Date(2026, 9, 25, 2, 30).toISOString(), 'dst-hour'),
    ev('message_sent', new Date(2026, 10, 15, 23, 59).toISOString(), 'sunday'),
    ev('message_sent', new Date(2026, 10, 16, 0, 0).toISOString(), 'monday'),
    ev('topic_opened', new Date(2026, 10, 1, 0, 30).toISOString(), 'sales'),
    ev('goal_completed', new Date(2026, 9, 31, 23, 59).toISOString(), 'october'),
    ev('goal_completed', new Date(2026, 10, 1, 0, 0).toISOString(), 'november'),
    ...Array.from({ length: 40 }, (_, day) =>
      ev('article_read', new Date(2026, 9, day + 1, 23, 30).toISOString(), 'a'),
    ),
  ];

  it('counts in Prague exactly as a browser in Prague does', () => {
    expect(computeStats(events, NOW, 'Europe/Prague')).toEqual(computeStats(events, NOW));
  });

  it('places the week’s start at the user’s Monday midnight, not the server’s', () => {
    // Monday 00:00 in Prague is still Sunday evening in New York.
    const inNewYork = computeStats(events, NOW, 'America/New_York');
    expect(computeStats(events, NOW).conversations.thisWeek).toBe(1);
    expect(inNewYork.conversations.thisWeek).toBe(0);
    expect(inNewYork.goals.thisMonth).toBe(0);
  });
});
