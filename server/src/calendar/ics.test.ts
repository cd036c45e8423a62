import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, renderCalendar } from './ics.ts';

const NOW = new Date('2026-11-26T20:15:30.123Z');
const LONG_CZECH =
  'Paušální režim na rok 2027: oznámení o vstupu, změně pásma nebo vystoupení; ' +
  'žluťoučký kůň úpěl ďábelské ódy – čtvrtletí, přiznání, čeština\\hotovo\nDalší řádek';

const calendar = (events: Parameters<typeof renderCalendar>[0]['events']) =>
  renderCalendar({ name: 'Parťák – moje termíny', now: NOW, refreshHours: 12, events });

describe('the iCalendar writer', () => {
  it('escapes backslashes, semicolons, commas and newlines (RFC 5545 § 3.3.11)', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${escapeText(LONG_CZECH.repeat(3))}`;
    const folded = foldLine(line);
    const pieces = folded.split('\r\n');
    expect(pieces.length).toBeGreaterThan(4);
    pieces.forEach((piece, index) => {
      const bytes = Buffer.from(piece, 'utf8');
      expect(bytes.length).toBeLessThanOrEqual(75);
      // Every piece is whole UTF-8 on its own: decoding and encoding it again changes nothing.
      expect(Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes)).toBe(true);
      expect(piece.includes('\uFFFD')).toBe(false);
      if (index > 0) expect(piece.startsWith(' ')).toBe(true);
    });
    // Unfolding (§ 3.1: drop CRLF and one space) gives back the line.
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    // A line of two-byte letters is folded before the letter that would pass 75 octets.
    expect(Buffer.byteLength(foldLine('X:' + 'č'.repeat(80)).split('\r\n')[0] ?? '')).toBe(74);
  });

  it('writes all-day events a calendar library reads back', () => {
    const body = calendar([
      {
        uid: 'pausal-notice-2027@partak.example',
        date: '2026-12-31',
        summary: LONG_CZECH,
        description: 'https://www.zakonyprolidi.cz/cs/1992-586#p2a',
        url: 'https://www.zakonyprolidi.cz/cs/1992-586#p2a',
      },
      { uid: 'health-advance-2027-01@partak.example', date: '2027-02-08', summary: 'Záloha' },
    ]);
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const parsed = new ICAL.Component(ICAL.parse(body));
    expect(parsed.getFirstPropertyValue('version')).toBe('2.0');
    expect(parsed.getFirstPropertyValue('x-wr-calname')).toBe('Parťák – moje termíny');
    expect(parsed.getFirstProperty('refresh-interval')?.getFirstValue()?.toString()).toBe('PT12H');
    expect(parsed.getFirstPropertyValue('x-published-ttl')).toBe('PT12H');

    const [first, second] = parsed.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(first?.uid).toBe('pausal-notice-2027@partak.example');
    expect(first?.summary).toBe(LONG_CZECH);
    expect(first?.description).toBe('https://www.zakonyprolidi.cz/cs/1992-586#p2a');
    expect(first?.startDate.isDate).toBe(true);
    expect(first?.startDate.toString()).toBe('2026-12-31');
    // DTEND is exclusive: the next day, across the end of a year too.
    expect(first?.endDate.toString()).toBe('2027-01-01');
    expect(second?.endDate.toString()).toBe('2027-02-09');
    expect(first?.component.getFirstPropertyValue('dtstamp')?.toString()).toBe(
      '2026-11-26T20:15:30Z',
    );

    // The reminder: 15 hours before the day starts, so 9:00 the day before.
    const alarm = first?.component.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(alarm?.getFirstPropertyValue('trigger')?.toString()).toBe('-PT15H');
    expect(second?.description).toBeFalsy();
  });

  it('is a valid empty calendar without events', () => {
    const parsed = new ICAL.Component(ICAL.parse(calendar([])));
    expect(parsed.name).toBe('vcalendar');
    expect(parsed.getAllSubcomponents('vevent')).toEqual([]);
    expect(parsed.getFirstPropertyValue('prodid')).toBeTruthy();
  });
});
