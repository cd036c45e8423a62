import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { deadlinesFor } from '@partak/domain/deadlines/deadlines';
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
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { uid: event.uid, summary: event.summary, start: event.startDate.toString() };
  });
}

describe.each(databaseKinds())('the deadline calendar feed on $name', ({ open }) => {
  const data = useDataApi(open);

  const feedOf = async (user: ApiUser) => {
    const made = await user.call('POST', '/calendar-feed');
    expect(made.statusCode).toBe(201);
    const { url } = made.json<{ url: string }>();
    return new URL(url).pathname;
  };
  const fetch = (path: string) => data.t.app.inject({ url: path });

  it('serves the deadlines of the profile as a valid iCalendar, in the user’s language', async () => {
    const user = await apiUser(data.t, 'feed');
    await user.call('PUT', '/business-profile', { profile });
    const path = await feedOf(user);
    expect(path).toMatch(/^\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await user.call('GET', '/calendar-feed')).json()).toMatchObject({ active: true });

    const res = await fetch(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toContain('\r\n');
    for (const line of res.body.split('\r\n'))
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const events = parse(res.body);
    const today = new Date().toISOString().slice(0, 10);
    const expected = deadlinesFor(
      deadlineProfileOf(profile) ?? (undefined as never),
      {
        from: new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10),
        to: new Date(Date.now() + 366 * 86_400_000).toISOString().slice(0, 10),
      },
      figures as Figures,
    );
    expect(events.map((event) => event.start)).toEqual(expected.map((deadline) => deadline.date));
    expect(events.length).toBeGreaterThan(20);
    expect(
      events.some((event) => event.summary.startsWith('Záloha na zdravotní pojištění za')),
    ).toBe(true);
    expect(
      events.some((event) => /^Přiznání k DPH za \d\. čtvrtletí \d{4}$/.test(event.summary)),
    ).toBe(true);
    expect(events[0]?.uid).toMatch(/@/);
    expect(today).toBeTruthy();

    await user.call('PATCH', '/settings', { language: 'en' });
    const english = parse((await fetch(path)).body);
    expect(english.some((event) => event.summary.startsWith('Health insurance advance for'))).toBe(
      true,
    );
  });

  it('is an empty calendar without a legal form, and 404 for an unknown token', async () => {
    const user = await apiUser(data.t, 'empty-feed');
    const path = await feedOf(user);
    const res = await fetch(path);
    expect(res.statusCode).toBe(200);
    expect(parse(res.body)).toEqual([]);
    expect((await fetch('/api/v1/calendar/' + 'a'.repeat(43) + '.ics')).statusCode).toBe(404);
    expect((await fetch('/api/v1/calendar/nope')).statusCode).toBe(404);
  });

  it('stops working when revoked or replaced, and shows only its owner’s deadlines', async () => {
    const user = await apiUser(data.t, 'revoke');
    await user.call('PUT', '/business-profile', { profile });
    const first = await feedOf(user);
    const second = await feedOf(user);
    expect((await fetch(first)).statusCode).toBe(404);
    expect((await fetch(second)).statusCode).toBe(200);

    const other = await apiUser(data.t, 'revoke-other');
    const theirs = await feedOf(other);
    expect(parse((await fetch(theirs)).body)).toEqual([]);

    expect((await user.call('DELETE', '/calendar-feed')).statusCode).toBe(204);
    expect((await fetch(second)).statusCode).toBe(404);
    expect((await user.call('GET', '/calendar-feed')).json()).toEqual({ active: false });
  });
});
