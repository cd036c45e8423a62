/**
 * A minimal iCalendar (RFC 5545) writer for all-day events: CRLF line ends, lines folded at 75
 * octets without splitting a UTF-8 character (§ 3.1), text values escaped (§ 3.3.11).
 */

export interface AllDayEvent {
  /** Globally unique and stable, so calendar apps update an event instead of duplicating it. */
  uid: string;
  /** ISO date of the (all-day) event. */
  date: string;
  summary: string;
  description?: string;
  url?: string;
}

export interface Calendar {
  name: string;
  /** When the feed was made (DTSTAMP of every event). */
  now: Date;
  events: readonly AllDayEvent[];
  /** Hours between a calendar app's refreshes, as the app is told. */
  refreshHours: number;
}

const MAX_OCTETS = 75;
const encoder = new TextEncoder();

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** Splits a content line into pieces of at most 75 octets; continuation lines start with a space. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // A continuation line's leading space counts towards its 75 octets.
    const limit = pieces.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

const basicDate = (iso: string) => iso.replaceAll('-', '');

function nextDay(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function stamp(date: Date): string {
  return `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
}

function eventLines(event: AllDayEvent, dtstamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${dtstamp}`,
    `DTSTART;VALUE=DATE:${basicDate(event.date)}`,
    `DTEND;VALUE=DATE:${basicDate(nextDay(event.date))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'TRANSP:TRANSPARENT',
    // A reminder the morning before (the event starts at midnight: 15 hours earlier is 9:00).
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(event.summary)}`,
    'TRIGGER:-PT15H',
    'END:VALARM',
    'END:VEVENT',
  ];
}

export function renderCalendar(calendar: Calendar): string {
  const dtstamp = stamp(calendar.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Partak//Deadlines//CS',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshHours}H`,
    `X-PUBLISHED-TTL:PT${calendar.refreshHours}H`,
    ...calendar.events.flatMap((event) => eventLines(event, dtstamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
