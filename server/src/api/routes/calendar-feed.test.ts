import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { deadlinesFor } from '@partak/domain/deadlines/deadlines';
import { addDays } from '@partak/domain/deadlines/czech-holidays';
import { deadlineProfileOf } from '@partak/domain/business-profile';
import type { Figures } from '@partak/domain/figures';
import figures from '../../../../content/library/figures.json' with { type: 'json' };
import { databaseKinds } from '../../../test/databases.ts';
import { apiUser, useDataApi, type ApiUser } from '../../../test/data-api.ts';

const profile = {
  legalForm: 'zivnost-main',
  taxRegime: 'flat-rate-expenses',
  vat: 'quarterly',
} as const;

function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        description: event.description,
        start: event.startDate.toString(),
        end: event.endDate.toString(),
        allDay: event.startDate.isDate,
      };
    }),
  };
}

/** The deadlines the feed should hold today: a month back to a year ahead. */
function expectedDeadlines() {
  const today = new Date().toISOString().slice(0, 10);
  const range = { from: addDays(today, -31), to: addDays(today, 366) };
  return deadlinesFor(
    deadlineProfileOf(profile) ?? (undefined as never),
    range,
    figures as Figures,
  );
}

const monthName = (period: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${period}-01T00:00:00Z`),
  );

describe.each(databaseKinds())('the deadline calendar feed on $name', ({ open }) => {
  const data = useDataApi(open);

  const feedOf = async (user: ApiUser) => {
    const made = await user.call('POST', '/calendar-feed');
    expect(made.statusCode).toBe(201);
    const { url } = made.json<{ url: string }>();
    expect(new URL(url).origin).toBe(new URL(data.t.config.siteUrl).origin);
    return new URL(url).pathname;
  };
  const fetch = (path: string, method: 'GET' | 'HEAD' = 'GET') =>
    data.t.app.inject({ method, url: path });

  it('is managed only when signed in', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await data.t.app.inject({ method, url: '/api/v1/calendar-feed' });
      expect(res.statusCode, method).toBe(401);
    }
  });

  it('serves the deadlines of the profile as a valid iCalendar, in the user’s language', async () => {
    const { ema } = data;
    await ema.call('PUT', '/business-profile', { profile });
    expect((await ema.call('GET', '/calendar-feed')).json()).toEqual({ active: false });
    const path = await feedOf(ema);
    expect(path).toMatch(/^\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const state = await ema.call('GET', '/calendar-feed');
    expect(state.json()).toMatchObject({ active: true, createdAt: expect.any(String) });
    expect(state.body).not.toContain(path.slice(-47, -4));

    const res = await fetch(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT12H\r\n');
    expect(res.body).toContain('X-PUBLISHED-TTL:PT12H\r\n');
    for (const line of res.body.split('\r\n'))
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const czech = parse(res.body);
    const expected = expectedDeadlines();
    const host = new URL(data.t.config.siteUrl).host;
    expect(expected.length).toBeGreaterThan(20);
    expect(czech.name).toBe('Parťák – moje termíny');
    expect(czech.events.map((event) => [event.uid, event.start, event.description])).toEqual(
      expected.map((deadline) => [`${deadline.id}@${host}`, deadline.date, deadline.law]),
    );
    expect(czech.events.every((event) => event.allDay && event.end > event.start)).toBe(true);
    czech.events.forEach((event, index) => {
      const deadline = expected[index];
      if (deadline?.kind === 'health-advance')
        expect(event.summary).toBe(
          `Záloha na zdravotní pojištění za ${monthName(deadline.period, 'cs')}`,
        );
      if (deadline?.kind === 'vat-return')
        expect(event.summary).toMatch(/^Přiznání k DPH za [1-4]\. čtvrtletí \d{4}$/);
      if (deadline?.kind === 'tax-return')
        expect(event.summary).toBe(`Daňové přiznání za rok ${deadline.period} (elektronicky)`);
    });
    expect(czech.events.some((event) => event.summary.startsWith('Záloha na zdravotní'))).toBe(
      true,
    );
    expect(expected.some((deadline) => deadline.kind === 'tax-return')).toBe(true);

    await ema.call('PATCH', '/settings', { language: 'en' });
    const english = parse((await fetch(path)).body);
    expect(english.name).toBe('Parťák – my deadlines');
    expect(english.events.map((event) => event.uid)).toEqual(
      czech.events.map((event) => event.uid),
    );
    english.events.forEach((event, index) => {
      const deadline = expected[index];
      if (deadline?.kind === 'health-advance')
        expect(event.summary).toBe(
          `Health insurance advance for ${monthName(deadline.period, 'en')}`,
        );
    });
    await ema.call('PATCH', '/settings', { language: 'cs' });
  });

  it('is an empty calendar without a legal form, and 404 for an unknown token', async () => {
    const user = await apiUser(data.t, 'empty-feed');
    const path = await feedOf(user);
    const res = await fetch(path);
    expect(res.statusCode).toBe(200);
    expect(parse(res.body).events).toEqual([]);
    await user.call('PUT', '/business-profile', { profile: { trade: 'pekařka' } });
    expect(parse((await fetch(path)).body).events).toEqual([]);

    for (const method of ['GET', 'HEAD'] as const) {
      expect((await fetch(`/api/v1/calendar/${'a'.repeat(43)}.ics`, method)).statusCode).toBe(404);
      expect((await fetch('/api/v1/calendar/nope', method)).statusCode).toBe(404);
      expect((await fetch('/api/v1/calendar/.ics', method)).statusCode).toBe(404);
      expect((await fetch('/api/v1/calendar/', method)).statusCode).toBe(404);
    }
    expect((await fetch(path, 'HEAD')).statusCode).toBe(200);
  });

  it('stops working when revoked or replaced, and shows only its owner’s deadlines', async () => {
    const user = await apiUser(data.t, 'revoke');
    await user.call('PUT', '/business-profile', { profile });
    const first = await feedOf(user);
    const second = await feedOf(user);
    expect((await fetch(first)).statusCode).toBe(404);
    expect((await fetch(second)).statusCode).toBe(200);

    const theirs = await feedOf(data.mallory);
    const malloryFeed = await fetch(theirs);
    expect(malloryFeed.statusCode).toBe(200);
    expect(parse(malloryFeed.body).events).toEqual([]);

    expect((await user.call('DELETE', '/calendar-feed')).statusCode).toBe(204);
    expect((await user.call('DELETE', '/calendar-feed')).statusCode).toBe(204);
    expect((await fetch(second)).statusCode).toBe(404);
    expect((await user.call('GET', '/calendar-feed')).json()).toEqual({ active: false });
  });

  it('goes with the account', async () => {
    const user = await apiUser(data.t, 'leaving-feed');
    await user.call('PUT', '/business-profile', { profile });
    const path = await feedOf(user);
    expect((await fetch(path)).statusCode).toBe(200);
    expect((await user.call('DELETE', '/account', { password: user.password })).statusCode).toBe(
      204,
    );
    expect((await fetch(path)).statusCode).toBe(404);
  });
});
